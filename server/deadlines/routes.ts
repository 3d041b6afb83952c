import { deadlineCenterSchema } from "../../src/domain/deadlines";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { notFound } from "../lib/errors";
import { defineAction } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import { deadlineCenter } from "./center";

/** GET /api/deadlines: the active company's deadline center (issue 17), read by the bell and the dashboard. */
const center = defineAction({
  method: "GET",
  path: "/deadlines",
  tag: "prazos",
  summary: "Central de prazos da prefeitura ativa (cada tipo no prazo de aviso da parametrização)",
  guard: "user-only",
  scope: { kind: "tenant" },
  response: { 200: deadlineCenterSchema },
  handler: async ({ app, companyId }) => {
    const today = todayInSaoPaulo(app.now());
    // An ADMIN across every company: the center is one company's; it is empty until one is chosen.
    if (companyId === null) return { today, companyId: null, alertDays: null, items: [] };
    const found = await deadlineCenter(app.db, companyId, today);
    if (!found) throw notFound("Cliente não encontrado.");
    return { companyId, ...found };
  },
});

export default areaPlugin(center);
