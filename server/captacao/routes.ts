import { eq } from "drizzle-orm";
import {
  grantorCreateSchema,
  grantorRowSchema,
  openProgramsAnswerSchema,
  openProgramsQuery,
  programCreateSchema,
  programRowSchema,
  programUpdateSchema,
  proposalCreateSchema,
  proposalRowSchema,
  proposalUpdateSchema,
} from "../../src/domain/captacao";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { companies, grantors, programs, proposals } from "../db/schema";
import { notFound } from "../lib/errors";
import { defineResource } from "../resources/define-resource";
import { defineAction } from "../resources/define-action";
import { areaPlugin } from "../resources/declared";
import { openProgramsAnswer } from "./radar";
import { checkParent, checkProgram, prepareProposal } from "./rules";

/**
 * Captação (issue 14): the national catalogue of grantors and programs (every signed-in user reads it,
 * ADMIN writes it), the municipality's proposals (ADMIN and MANAGER write, USER reads) and the radar
 * (GET /api/programs/open): the programs the active municipality can apply to today.
 */

const catalogueAccess = { read: "user-only", create: "admin-only", update: "admin-only", delete: "admin-only" } as const;

export const grantorResource = defineResource({
  name: "grantors",
  tag: "captação",
  table: grantors,
  scope: { kind: "shared" },
  access: catalogueAccess,
  row: grantorRowSchema,
  create: grantorCreateSchema,
  notFound: "Órgão concedente não encontrado.",
  prepare: checkParent,
  list: { search: [grantors.acronym, grantors.name, grantors.siafiCode], defaultSort: [{ field: "name", order: "asc" }], maxPageSize: 1000 },
});

export const programResource = defineResource({
  name: "programs",
  tag: "captação",
  table: programs,
  scope: { kind: "shared" },
  access: catalogueAccess,
  row: programRowSchema,
  create: programCreateSchema,
  update: programUpdateSchema,
  notFound: "Programa não encontrado.",
  prepare: checkProgram,
  list: {
    search: [programs.code, programs.name, programs.objective],
    defaultSort: [
      { field: "year", order: "desc" },
      { field: "code", order: "asc" },
    ],
  },
  options: ["policyArea"],
});

export const proposalResource = defineResource({
  name: "proposals",
  tag: "captação",
  table: proposals,
  scope: { kind: "tenant" },
  access: { read: "user-only", create: "manager-only", update: "manager-only", delete: "manager-only" },
  row: proposalRowSchema,
  create: proposalCreateSchema,
  update: proposalUpdateSchema,
  notFound: "Proposta não encontrada.",
  prepare: prepareProposal,
  list: {
    search: [proposals.nrProposal, proposals.object, proposals.proponentName],
    defaultSort: [
      { field: "proposalDate", order: "desc" },
      { field: "nrProposal", order: "desc" },
    ],
  },
  totals: { globalValue: proposals.globalValue, transferValue: proposals.transferValue },
});

const openPrograms = defineAction({
  method: "GET",
  path: "/programs/open",
  tag: "captação",
  summary: "Radar: programas abertos hoje ao município ativo, pelo prazo que resta (dias no fuso de São Paulo)",
  guard: "user-only",
  scope: { kind: "tenant" },
  query: openProgramsQuery,
  response: { 200: openProgramsAnswerSchema },
  handler: async ({ app, user, companyId, query }) => {
    const today = todayInSaoPaulo(app.now());
    // An ADMIN across every company: the radar answers for one municipality, so it is empty until one is chosen.
    if (companyId === null) return { municipality: null, today, total: 0, nearest: null, rows: [] };
    // A MANAGER's or USER's own company came with the session; an ADMIN's chosen client is read.
    const own = user.company?.id === companyId ? user.company : undefined;
    const [company] = own ? [own] : await app.db.select({ name: companies.name, uf: companies.uf, cnpj: companies.cnpj }).from(companies).where(eq(companies.id, companyId));
    if (!company) throw notFound("Cliente não encontrado.");
    return openProgramsAnswer(app.db, company, today, query);
  },
});

/** /api/grantors, /api/programs (with /api/programs/open) and /api/proposals. */
export default areaPlugin(openPrograms, grantorResource, programResource, proposalResource);
