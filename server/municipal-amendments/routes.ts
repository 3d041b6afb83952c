import { eq } from "drizzle-orm";
import { z } from "zod";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { passesGuard } from "../../src/domain/guards";
import {
  MOVEMENT_KINDS,
  municipalAmendmentCreateSchema,
  municipalAmendmentFields,
  municipalAmendmentRowSchema,
  movementCreateSchema,
  movementFields,
  movementProblems,
  movementRowSchema,
  planProblems,
  planSchema,
  amendmentIdentifier,
  beneficiaryProblems,
  stageEventRowSchema,
  stageStepSchema,
  STAGE_ACTIONS,

} from "../../src/domain/municipal-amendments";
import { updateSchemaOf } from "../../src/domain/updates";
import { municipalAmendmentEvents, municipalAmendmentMovements, municipalAmendments, municipalAmendmentSettings } from "../db/schema";
import { forbidden, registerConstraintMessage, unprocessable } from "../lib/errors";
import { defineAction } from "../resources/define-action";
import { defineResource, type StoredRow } from "../resources/define-resource";
import { areaPlugin } from "../resources/declared";
import { toWire } from "../resources/wire";
import { idParams } from "../resources/params";
import { checkMovement, nextSequence, recomputeAmendment, settingsOf, STEPS, takeStep, type AmendmentRow } from "./rules";

/**
 * /api/municipal-amendments (issue 37): the councillors' emendas of one municipality, from the
 * indication to the accounts. Its people and its Câmara read them; the Executive (MANAGER, ADMIN)
 * writes the plan, takes the steps and records the money; the Câmara registers indications where the
 * municipality enables it. Every rule runs inside the write's transaction (rules.ts).
 */

const a = municipalAmendments;
const NOT_FOUND = "Emenda municipal não encontrada.";
registerConstraintMessage("municipal_amendments_company_identifier_key", "Já existe uma emenda com este identificador.", "identifier");

export const municipalAmendmentResource = defineResource({
  name: "municipal-amendments",
  tag: "emendas municipais",
  table: a,
  scope: { kind: "tenant" },
  access: { read: "municipal-amendments-read", create: "municipal-amendments-indicate", update: "manager-only", delete: "manager-only" },
  row: municipalAmendmentRowSchema,
  create: municipalAmendmentCreateSchema,
  update: updateSchemaOf(municipalAmendmentFields),
  notFound: NOT_FOUND,
  list: {
    fields: ["id", "identifier", "year", "authorName", "authorParty", "kind", "value", "object", "beneficiaryName", "stage", "planStatus", "indicatedOn", "committedValue", "paidValue", "isPublic", "updatedAt"],
    search: [a.identifier, a.authorName, a.object, a.beneficiaryName],
    defaultSort: [{ field: "year", order: "desc" }, { field: "identifier", order: "desc" }],
  },
  totals: { value: a.value, committedValue: a.committedValue, paidValue: a.paidValue, supplierPaidValue: a.supplierPaidValue },
  options: ["year", "authorName"],
  prepare: async (ctx, values, existing) => {
    const companyId = ctx.companyId!;
    if (!existing) {
      // The Câmara registers an indication only where the municipality enables it.
      if (!passesGuard(ctx.user.role, "manager-only") && !(await settingsOf(ctx.tx, companyId)).camaraMayIndicate) {
        throw forbidden("Este município não habilita o registro de indicações pela Câmara.");
      }
      const year = values.year as number;
      const sequence = await nextSequence(ctx.tx, companyId, year);
      return { ...values, sequence, identifier: amendmentIdentifier(year, sequence) };
    }
    const row = existing as unknown as AmendmentRow;
    if ("year" in values && values.year !== row.year) throw unprocessable("O ano não muda depois da indicação: ele faz parte do identificador público.", { year: "O ano não muda depois da indicação." });
    if ("value" in values && Math.round(Number(values.value) * 100) < Math.round(Number(row.committedValue) * 100)) {
      const message = "O valor não pode ficar abaixo do que já foi empenhado.";
      throw unprocessable(message, { value: message });
    }
    // The same beneficiary rules as an indication, on the record as it would be after the edit
    // (an entity left without its CNPJ, a final beneficiary left without its document).
    const problems = beneficiaryProblems({ ...row, ...values });
    if (problems) throw unprocessable(Object.values(problems)[0], problems);
    return values;
  },
  onWrite: async (ctx, change) => {
    if (change.op === "delete") return;
    if (change.op === "create") {
      await ctx.tx.insert(municipalAmendmentEvents).values({
        companyId: change.row.companyId as number,
        amendmentId: change.row.id,
        stage: "INDICADA",
        occurredOn: change.row.indicatedOn as string,
        userId: ctx.user.id,
        personName: ctx.user.name,
        documentNumber: null,
      });
    }
    await recomputeAmendment(ctx.tx, change.row.id);
  },
});

const amendmentParent = { table: a, column: municipalAmendmentMovements.amendmentId, notFound: NOT_FOUND };

export const municipalAmendmentMovementResource = defineResource({
  name: "municipal-amendment-movements",
  tag: "emendas municipais",
  table: municipalAmendmentMovements,
  scope: { kind: "child", parents: [amendmentParent] },
  access: { read: "municipal-amendments-read", create: "manager-only", update: "manager-only", delete: "manager-only" },
  row: movementRowSchema,
  create: movementCreateSchema,
  update: updateSchemaOf(movementFields.omit({ amendmentId: true })),
  notFound: "Movimentação não encontrada.",
  list: {
    fields: ["id", "amendmentId", "kind", "occurredOn", "value", "documentNumber", "supplierName", "createdAt"],
    search: [municipalAmendmentMovements.documentNumber, municipalAmendmentMovements.supplierName],
    defaultSort: [{ field: "occurredOn", order: "asc" }, { field: "id", order: "asc" }],
  },
  prepare: async (ctx, values, existing) => {
    const merged = { ...existing, ...values } as StoredRow & { amendmentId: number; kind: (typeof MOVEMENT_KINDS)[number]; occurredOn: string; value: string };
    // An edit keeps the movement naming its account or supplier, as its creation had to.
    const problems = movementProblems(merged as Parameters<typeof movementProblems>[0]);
    if (problems) throw unprocessable(Object.values(problems)[0], problems);
    const [amendment] = await ctx.tx.select().from(a).where(eq(a.id, merged.amendmentId));
    await checkMovement(ctx.tx, amendment, merged, todayInSaoPaulo(ctx.now), existing?.id);
    return values;
  },
  onWrite: async (ctx, change) => recomputeAmendment(ctx.tx, change.row.amendmentId as number),
});

export const municipalAmendmentEventResource = defineResource({
  name: "municipal-amendment-events",
  tag: "emendas municipais",
  table: municipalAmendmentEvents,
  scope: { kind: "child", parents: [{ table: a, column: municipalAmendmentEvents.amendmentId, notFound: NOT_FOUND }] },
  access: { read: "municipal-amendments-read" },
  row: stageEventRowSchema,
  notFound: "Etapa não encontrada.",
  list: { fields: ["id", "amendmentId", "stage", "occurredOn", "createdAt"], defaultSort: [{ field: "occurredOn", order: "asc" }, { field: "id", order: "asc" }] },
});

const amendmentParams = idParams(NOT_FOUND);

/** The plano de trabalho, written while it is being prepared or after a return. */
const savePlan = defineAction({
  method: "PUT",
  path: "/municipal-amendments/:id/plan",
  tag: "emendas municipais",
  summary: "Grava o plano de trabalho (objeto, metas, itens de custo, cronograma de desembolso e conta específica)",
  guard: "manager-only",
  scope: { kind: "child", parent: a, notFound: NOT_FOUND },
  params: amendmentParams,
  body: planSchema,
  response: { 200: municipalAmendmentRowSchema },
  handler: async ({ app, parent, body }) => {
    await app.db.transaction(async (tx) => {
      // The status is read with the row locked, so a submit or approval racing this save cannot slip between
      // the check and the write (a plan changed after the Executive saw it).
      const [amendment] = await tx.select().from(a).where(eq(a.id, parent.id)).for("update");
      if (amendment.planStatus !== "EM_ELABORACAO" && amendment.planStatus !== "DEVOLVIDO") {
        throw unprocessable("O plano só pode ser alterado enquanto está em elaboração ou depois de devolvido para ajuste.");
      }
      const problems = planProblems(body, amendment.value);
      if (problems) throw unprocessable(Object.values(problems)[0], problems);
      await tx.update(a).set({ ...body, version: amendment.version + 1, updatedAt: new Date(app.now()) }).where(eq(a.id, amendment.id));
    });
    const [row] = await app.db.select().from(a).where(eq(a.id, parent.id));
    return toWire(row);
  },
});

/** One address for every step a person records: send, approve, return, executed, accounts rendered. */
const takeAStep = defineAction({
  method: "POST",
  path: "/municipal-amendments/:id/steps/:step",
  tag: "emendas municipais",
  summary: "Registra uma etapa (envio do plano, aprovação ou devolução pelo Executivo, execução, prestação de contas) com data, pessoa e documento",
  guard: "manager-only",
  scope: { kind: "child", parent: a, notFound: NOT_FOUND },
  params: amendmentParams.extend({ step: z.enum(STAGE_ACTIONS, { message: "Etapa desconhecida." }) }),
  body: stageStepSchema,
  response: { 200: municipalAmendmentRowSchema },
  handler: async ({ app, parent, params, body, user }) => {
    await app.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(a).where(eq(a.id, parent.id)).for("update");
      await takeStep(tx, locked, STEPS[params.step], body, user, app.now());
    });
    const [row] = await app.db.select().from(a).where(eq(a.id, parent.id));
    return toWire(row);
  },
});

const settingsSchema = z.object({
  camaraMayIndicate: z.boolean({ message: "Diga se a Câmara registra indicações." }),
  planDueDays: z.number({ message: "Informe o prazo em dias." }).int("Use um número inteiro de dias.").min(1, "O prazo precisa ser de ao menos 1 dia.").max(365, "No máximo 365 dias."),
  decisionDueDays: z.number({ message: "Informe o prazo em dias." }).int("Use um número inteiro de dias.").min(1, "O prazo precisa ser de ao menos 1 dia.").max(365, "No máximo 365 dias."),
  idleDays: z.number({ message: "Informe o prazo em dias." }).int("Use um número inteiro de dias.").min(1, "O prazo precisa ser de ao menos 1 dia.").max(730, "No máximo 730 dias."),
});
const settingsRow = settingsSchema.extend({ companyId: z.number().int() });

const readSettings = defineAction({
  method: "GET",
  path: "/municipal-amendment-settings",
  tag: "emendas municipais",
  summary: "As regras do município para as emendas: indicação pela Câmara e prazos de cada etapa",
  guard: "municipal-amendments-read",
  scope: { kind: "company" },
  response: { 200: settingsRow },
  handler: async ({ app, companyId }) => settingsOf(app.db, companyId),
});

const saveSettings = defineAction({
  method: "PUT",
  path: "/municipal-amendment-settings",
  tag: "emendas municipais",
  summary: "Grava as regras do município para as emendas",
  guard: "manager-only",
  scope: { kind: "company" },
  body: settingsSchema,
  response: { 200: settingsRow },
  handler: async ({ app, companyId, body }) => {
    await app.db
      .insert(municipalAmendmentSettings)
      .values({ companyId, ...body })
      .onConflictDoUpdate({ target: municipalAmendmentSettings.companyId, set: { ...body, updatedAt: new Date(app.now()) } });
    return settingsOf(app.db, companyId);
  },
});


export default areaPlugin(municipalAmendmentResource, municipalAmendmentMovementResource, municipalAmendmentEventResource, savePlan, takeAStep, readSettings, saveSettings);
