import { useGetIdentity, useInvalidate } from "@refinedev/core";
import { useParams } from "react-router";
import type { SessionUser } from "@/domain/auth";
import { passesGuard } from "@/domain/guards";

/** The project of the page (`/admin/projects/info/{ID_PROJECT}/…`). */
export function useProjectId(): number {
  return Number(useParams().id);
}

/** What the signed-in person may do on a project: ADMIN and MANAGER write; everybody records executions and files. */
export function useProjectRights() {
  const { data: me } = useGetIdentity<SessionUser>();
  const role = me?.customClaims.role;
  return { canWrite: passesGuard(role, "manager-only"), canRecord: passesGuard(role, "user-only") };
}

/** After a tab changed: the project's figures and its history are read again. */
export function useRefreshProject(projectId: number) {
  const invalidate = useInvalidate();
  return async () => {
    await Promise.all([
      invalidate({ resource: "projects", id: projectId, invalidates: ["detail", "list"] }),
      invalidate({ resource: "project-history", invalidates: ["list"] }),
      invalidate({ resource: "project-work-plan-items", invalidates: ["list"] }),
      invalidate({ resource: "project-funding-sources", invalidates: ["list"] }),
    ]);
  };
}

/** A 0–100 percentage string as a number. */
export const pct = (value: string | number | null | undefined) => Number(value ?? 0);
