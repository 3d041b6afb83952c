import { actsAcrossClients } from "../../src/domain/guards";
import { transparencyCheckSchema } from "../../src/domain/transparency-check";
import { defineAction } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import { transparencyCheck } from "./rules";

/**
 * GET /api/transparency-check: the PNTP 2025 self-check of the chosen municipality's public portal
 * (managers in /admin/settings/transparency-check, the consultancy in the company's transparency tab).
 */
const check = defineAction({
  method: "GET",
  path: "/transparency-check",
  tag: "transparência",
  summary: "Autoavaliação PNTP 2025 do portal (critérios 5.1, 17.1 e 17.2): cada item aprovado ou não, por quê e onde corrigir",
  guard: "manager-only",
  scope: { kind: "company" },
  response: { 200: transparencyCheckSchema },
  handler: ({ app, user, companyId }) => transparencyCheck(app.db, companyId, app.now(), actsAcrossClients(user.role)),
});

export default areaPlugin(check);
