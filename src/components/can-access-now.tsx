import type { ReactNode } from "react";
import { CanAccess, useResourceParams } from "@refinedev/core";
import { decideNow, type GuardMeta } from "@/providers/access-control";

/**
 * Refine's `CanAccess`, answered in the first render when the session user is already known (it is,
 * inside the signed-in layout): the provider's decision seeds the check instead of arriving one
 * render later, so a toolbar does not grow, and push the page down, after it has painted.
 */
export function CanAccessNow({ resource, action, children }: { resource: string; action: string; children: ReactNode }) {
  const { resource: item } = useResourceParams({ resource });
  return (
    <CanAccess resource={resource} action={action} queryOptions={{ initialData: decideNow(item?.meta as GuardMeta | undefined, action) }}>
      {children}
    </CanAccess>
  );
}
