import { describe, expect, it } from "vitest";
import { alertsArea } from "@/resources/alerts";
import { decide, type GuardMeta } from "@/providers/access-control";

const meta = alertsArea.resources[0].meta as GuardMeta;

describe("/admin/manage-alerts (spec sections 2 and 6)", () => {
  it.each(["USER", "MANAGER", "ADMIN"] as const)("lets %s open the alerts list, as the server lets every signed-in person read alerts", (role) => {
    expect(decide(role, meta, "list").can).toBe(true);
  });

  it.each(["USER", "MANAGER"] as const)("keeps adding, editing and removing an alert from %s", (role) => {
    expect(decide(role, meta, "create").can).toBe(false);
    expect(decide(role, meta, "edit").can).toBe(false);
    expect(decide(role, meta, "delete").can).toBe(false);
  });

  it("lets the consultancy add, edit and remove alerts", () => {
    expect(decide("ADMIN", meta, "create").can).toBe(true);
    expect(decide("ADMIN", meta, "edit").can).toBe(true);
    expect(decide("ADMIN", meta, "delete").can).toBe(true);
  });
});
