import { describe, expect, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import { projectHistory, users } from "../../server/db/schema";
import { bidResource, executionResource, fundingSourceResource, historyResource, projectFileResource, projectResource, workPlanItemResource } from "../../server/projects/routes";
import { demoPhoto } from "../../server/lib/photo";
import type { FundingSource, HistoryEntry, Project, ProjectFile, WorkPlanItem } from "../../src/domain/projects";
import { as } from "../support/api";
import { PNG_BYTES, demoApi } from "../support/accounts";
import { DOCUMENT_TYPES, PDF_BYTES } from "../support/documents";
import { describeResourceContract } from "../support/resource-contract";

/** Projects and their six tabs (issue 15): contracts, progress, the refusals and the history. */
const api = demoApi();
let serial = 0;
let client = 0;
const remoteAddress = () => `10.79.${(++client >> 8) & 255}.${client & 255}`;
type Body = Record<string, unknown>;

async function companyOf(email: string): Promise<number> {
  const [row] = await api.ctx.app.db.select({ companyId: users.companyId }).from(users).where(eq(users.email, email));
  return row.companyId!;
}
const headers = (companyId: number) => ({ "x-company-id": String(companyId) });

async function post<T>(url: string, companyId: number, payload: Body, status = 201): Promise<T> {
  const res = await api.admin()({ method: "POST", url, headers: headers(companyId), payload });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const projectBody = (extra: Body = {}): Body => ({
  title: `Pavimentação da Rua ${++serial}`,
  object: "Pavimentação asfáltica com drenagem e calçadas acessíveis.",
  status: "EXECUCAO",
  policyArea: "15.451 - Infraestrutura Urbana",
  startDate: "2026-02-01",
  endDate: "2026-12-15",
  totalValue: "1000.00",
  ...extra,
});

/** One project per company for the tabs' contracts, with a meta and an etapa that executions point at. */
const parents = new Map<number, Promise<{ projectId: number; metaId: number; etapaId: number }>>();
function parentOf(companyId: number) {
  if (!parents.has(companyId)) {
    parents.set(
      companyId,
      (async () => {
        const project = await post<Project>("/api/projects", companyId, projectBody({ totalValue: "100000.00" }));
        const meta = await post<WorkPlanItem>("/api/project-work-plan-items", companyId, { projectId: project.id, kind: "META", number: "1", description: "Obras civis" });
        const etapa = await post<WorkPlanItem>("/api/project-work-plan-items", companyId, {
          projectId: project.id,
          kind: "ETAPA",
          parentId: meta.id,
          number: "1.1",
          description: "Terraplenagem",
          unit: "m²",
          quantity: "500",
          value: "100000.00",
          startDate: "2026-02-01",
          endDate: "2026-06-30",
        });
        return { projectId: project.id, metaId: meta.id, etapaId: etapa.id };
      })(),
    );
  }
  return parents.get(companyId)!;
}

/** Uploads a file as one person (its own client address: upload links are rate-limited per address). */
async function uploadAs(cookie: string, kind: "project-photo" | "project-document", contentType: string, bytes: Buffer): Promise<string> {
  const link = await as(api.ctx.app, cookie)({ method: "POST", url: "/api/companies/upload-url", payload: { contentType, kind }, remoteAddress: remoteAddress() });
  expect(link.statusCode, link.body).toBe(200);
  const put = await api.ctx.app.inject({ method: "PUT", url: link.json().uploadURL, headers: { "content-type": contentType }, payload: bytes, remoteAddress: remoteAddress() });
  expect(put.statusCode, put.body).toBe(200);
  return link.json().storagePath;
}
/** Who uploads for a company in the contract: someone of that municipality. */
const uploaderOf = async (companyId: number) => (companyId === (await companyOf("gestor@demo.local")) ? api.cookies.manager : api.cookies.otherUser);

describeResourceContract(projectResource, {
  api,
  validCreate: () => projectBody(),
  invalid: { body: projectBody({ status: "ATRASADA" }), field: "status" },
  patch: { title: "Reforma da Praça Central" },
});
describeResourceContract(workPlanItemResource, {
  api,
  validCreate: async (companyId) => ({ projectId: (await parentOf(companyId!)).projectId, kind: "META", number: String(100 + ++serial), description: "Meta de teste" }),
  invalid: { body: { projectId: 1, kind: "ETAPA", number: "2.1", description: "Etapa sem meta", value: "10.00" }, field: "parentId" },
  patch: { description: "Serviços preliminares" },
});
describeResourceContract(fundingSourceResource, {
  api,
  validCreate: async (companyId) => ({ projectId: (await parentOf(companyId!)).projectId, kind: "OWN", amount: "5000.00", notes: "Tesouro municipal" }),
  invalid: { body: { projectId: 1, kind: "VOLUNTARY", amount: "5000.00" }, field: "voluntaryTransferId" },
  patch: { amount: "6000.00" },
});
describeResourceContract(bidResource, {
  api,
  validCreate: async (companyId) => ({
    projectId: (await parentOf(companyId!)).projectId,
    number: `PE ${++serial}/2026`,
    modality: "PREGAO_ELETRONICO",
    publishedAt: "2026-03-02",
    openedAt: "2026-03-18",
    estimatedValue: "98000.00",
    status: "PUBLICADA",
  }),
  invalid: { body: { projectId: 1, number: "CC 1/2026", modality: "CONCORRENCIA_ELETRONICA", winnerCnpj: "11.222.333/0001-00", winnerName: "Construtora X" }, field: "winnerCnpj" },
  patch: { status: "EM_JULGAMENTO" },
});
describeResourceContract(executionResource, {
  api,
  validCreate: async (companyId) => {
    const parent = await parentOf(companyId!);
    return { projectId: parent.projectId, workPlanItemId: parent.etapaId, kind: "MEDICAO", referenceDate: "2026-04-30", physicalPct: "1", amount: "1000.00", documentNumber: `BM ${++serial}` };
  },
  invalid: { body: { projectId: 1, workPlanItemId: 1, referenceDate: "2026-04-31", physicalPct: "1", amount: "1.00" }, field: "referenceDate" },
  patch: { documentNumber: "BM 99 (retificado)" },
});
describeResourceContract(projectFileResource, {
  api,
  validCreate: async (companyId) => ({
    projectId: (await parentOf(companyId!)).projectId,
    category: "ART",
    title: `ART de execução ${++serial}`,
    storagePath: await uploadAs(await uploaderOf(companyId!), "project-document", DOCUMENT_TYPES.pdf, PDF_BYTES),
    fileName: "ART.pdf",
  }),
  invalid: { body: { projectId: 1, category: "RASCUNHO", title: "x", storagePath: "x", fileName: "x.pdf" }, field: "category" },
  patch: { title: "ART de execução (retificada)" },
});
describeResourceContract(historyResource, {
  api,
  validCreate: async (companyId) => ({ projectId: (await parentOf(companyId!)).projectId, note: `Vistoria da fiscalização ${++serial}` }),
  invalid: { body: { projectId: 1, note: "   " }, field: "note" },
  patch: {},
});

const historyCount = async (projectId: number) => (await api.ctx.app.db.select({ n: count() }).from(projectHistory).where(eq(projectHistory.projectId, projectId)))[0].n;
const getProject = async (id: number) => (await api.manager()({ method: "GET", url: `/api/projects/${id}` })).json() as Project;

describe("a project's progress comes from its work plan and executions", () => {
  it("moves physical progress by the etapas' value, financial by the executed amount, and the next deadline to the earliest open etapa", async () => {
    const company = await companyOf("gestor@demo.local");
    const project = await post<Project>("/api/projects", company, projectBody({ totalValue: "1000.00", endDate: "2026-12-15" }));
    expect(project).toMatchObject({ physicalProgress: "0.00", financialProgress: "0.00", nextDeadline: "2026-12-15" });
    const meta = await post<WorkPlanItem>("/api/project-work-plan-items", company, { projectId: project.id, kind: "META", number: "1", description: "Pavimentação" });
    const etapa = (number: string, value: string, endDate: string) =>
      post<WorkPlanItem>("/api/project-work-plan-items", company, { projectId: project.id, kind: "ETAPA", parentId: meta.id, number, description: `Etapa ${number}`, value, startDate: "2026-02-01", endDate });
    const a = await etapa("1.1", "600.00", "2026-05-01");
    const b = await etapa("1.2", "300.00", "2026-08-01");
    expect(await getProject(project.id)).toMatchObject({ workPlanValue: "900.00", nextDeadline: "2026-05-01" });

    const measure = (item: number, physicalPct: string, amount: string) =>
      api.user()({ method: "POST", url: "/api/project-executions", payload: { projectId: project.id, workPlanItemId: item, referenceDate: "2026-04-30", physicalPct, amount } });
    expect((await measure(a.id, "50", "300.00")).statusCode).toBe(201);
    // 600 of 900 weigh two thirds: half of it is a third of the work.
    expect(await getProject(project.id)).toMatchObject({ physicalProgress: "33.33", financialProgress: "30.00", executedValue: "300.00", nextDeadline: "2026-05-01" });
    expect((await measure(a.id, "50", "300.00")).statusCode).toBe(201);
    expect(await getProject(project.id)).toMatchObject({ physicalProgress: "66.67", financialProgress: "60.00", nextDeadline: "2026-08-01" });
    const items = (await api.user()({ method: "GET", url: `/api/project-work-plan-items?projectId=${project.id}` })).json() as WorkPlanItem[];
    expect(items.find((item) => item.id === a.id)?.executedPct).toBe("100.00");
    expect((await measure(b.id, "100", "300.00")).statusCode).toBe(201);
    expect(await getProject(project.id)).toMatchObject({ physicalProgress: "100.00", financialProgress: "90.00", nextDeadline: null });
  });

  it("refuses an execution beyond 100% of its etapa with a pt-BR 422, and neither the execution nor its history stays", async () => {
    const company = await companyOf("gestor@demo.local");
    const { projectId, etapaId } = await parentOf(company);
    const before = await historyCount(projectId);
    const executions = (await api.manager()({ method: "GET", url: `/api/project-executions?workPlanItemId=${etapaId}&_end=500` })).json() as { physicalPct: string }[];
    const done = executions.reduce((sum, e) => sum + Number(e.physicalPct), 0);
    const res = await api.user()({ method: "POST", url: "/api/project-executions", payload: { projectId, workPlanItemId: etapaId, referenceDate: "2026-05-31", physicalPct: String(101 - done), amount: "10.00" } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.physicalPct).toMatch(/passaria de 100%/);
    expect(await historyCount(projectId)).toBe(before);
    const after = (await api.manager()({ method: "GET", url: `/api/project-executions?workPlanItemId=${etapaId}&_end=500` })).json() as unknown[];
    expect(after).toHaveLength(executions.length);
  });

  it("refuses an execution on a meta, on another project's etapa or paid by another project's source (422)", async () => {
    const company = await companyOf("gestor@demo.local");
    const { projectId, metaId } = await parentOf(company);
    const other = await post<Project>("/api/projects", company, projectBody());
    const foreignSource = await post<FundingSource>("/api/project-funding-sources", company, { projectId: other.id, kind: "OWN", amount: "10.00" });
    const base = { projectId, referenceDate: "2026-05-31", physicalPct: "1", amount: "1.00" };
    const onMeta = await api.manager()({ method: "POST", url: "/api/project-executions", payload: { ...base, workPlanItemId: metaId } });
    expect(onMeta.statusCode).toBe(422);
    expect(onMeta.json().errors.workPlanItemId).toMatch(/por etapa/);
    const { etapaId } = await parentOf(company);
    const paid = await api.manager()({ method: "POST", url: "/api/project-executions", payload: { ...base, workPlanItemId: etapaId, fundingSourceId: foreignSource.id } });
    expect(paid.statusCode).toBe(422);
    expect(paid.json().errors.fundingSourceId).toBe("Escolha uma fonte de recurso deste projeto.");
  });
});

describe("funding sources", () => {
  it("refuses sources that together pass a transfer's value, across projects; the refusal leaves no source and no history row", async () => {
    const company = await companyOf("gestor@demo.local");
    const [transfer] = (await api.manager()({ method: "GET", url: "/api/voluntary-transfers?_sort=transferValue&_order=desc&_end=1" })).json() as { id: number; nrTransfer: string; transferValue: string }[];
    const linked = (await api.manager()({ method: "GET", url: `/api/project-funding-sources?voluntaryTransferId=${transfer.id}&_end=500` })).json() as FundingSource[];
    const free = Math.round(Number(transfer.transferValue) * 100) - linked.reduce((sum, s) => sum + Math.round(Number(s.amount) * 100), 0);
    expect(free).toBeGreaterThan(100);
    const first = await post<Project>("/api/projects", company, projectBody());
    const second = await post<Project>("/api/projects", company, projectBody());
    const source = await post<FundingSource>("/api/project-funding-sources", company, { projectId: first.id, kind: "VOLUNTARY", voluntaryTransferId: transfer.id, amount: ((free - 100) / 100).toFixed(2) });
    expect(source).toMatchObject({ transferCode: transfer.nrTransfer, transferValue: Number(transfer.transferValue).toFixed(2), spentValue: "0.00" });
    expect((await getProject(first.id)).fundedValue).toBe(source.amount);

    const before = await historyCount(second.id);
    const over = await api.manager()({ method: "POST", url: "/api/project-funding-sources", payload: { projectId: second.id, kind: "VOLUNTARY", voluntaryTransferId: transfer.id, amount: "1.01" } });
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().message).toContain(`transferência ${transfer.nrTransfer}`);
    expect(over.json().errors.amount).toContain("Disponível para vincular: R$ 1,00");
    expect(await historyCount(second.id)).toBe(before);
    expect((await api.manager()({ method: "GET", url: `/api/project-funding-sources?projectId=${second.id}` })).json()).toEqual([]);
    expect((await getProject(second.id)).fundedValue).toBe("0.00");
    // Raising the first source past the value is refused the same way; exactly the value fits.
    const raise = await api.manager()({ method: "PATCH", url: `/api/project-funding-sources/${source.id}`, payload: { amount: ((free + 1) / 100).toFixed(2) } });
    expect(raise.statusCode).toBe(422);
    expect((await api.manager()({ method: "PATCH", url: `/api/project-funding-sources/${source.id}`, payload: { amount: (free / 100).toFixed(2) } })).statusCode).toBe(200);
  });

  it("refuses another municipality's transfer and a transfer on a source that is not one (422, pt-BR)", async () => {
    const company = await companyOf("gestor@demo.local");
    const { projectId } = await parentOf(company);
    const [foreign] = (await api.otherUser()({ method: "GET", url: "/api/imposition-transfers?_end=1" })).json() as { id: number }[];
    const res = await api.manager()({ method: "POST", url: "/api/project-funding-sources", payload: { projectId, kind: "IMPOSITION", impositionTransferId: foreign.id, amount: "10.00" } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.impositionTransferId).toBe("Escolha uma transferência desta prefeitura.");
    const mixed = await api.manager()({ method: "POST", url: "/api/project-funding-sources", payload: { projectId, kind: "OWN", impositionTransferId: foreign.id, amount: "10.00" } });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors.impositionTransferId).toMatch(/Só uma transferência/);
  });
});

describe("bids", () => {
  it("validates the winner's CNPJ (check digits), stores it normalized, and asks a homologated bid for its winner", async () => {
    const company = await companyOf("gestor@demo.local");
    const { projectId } = await parentOf(company);
    const base = { projectId, modality: "CONCORRENCIA_ELETRONICA", publishedAt: "2026-03-01", openedAt: "2026-03-20", homologatedAt: "2026-04-02", homologatedValue: "95000.00" };
    const bad = await api.manager()({ method: "POST", url: "/api/project-bids", payload: { ...base, number: `CC ${++serial}/2026`, status: "HOMOLOGADA", winnerCnpj: "46.643.466/0001-07", winnerName: "Construtora Vale" } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.winnerCnpj).toMatch(/CNPJ inválido/);
    const missing = await api.manager()({ method: "POST", url: "/api/project-bids", payload: { ...base, number: `CC ${++serial}/2026`, status: "HOMOLOGADA" } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.winnerCnpj).toMatch(/homologada tem vencedor/);
    const dates = await api.manager()({ method: "POST", url: "/api/project-bids", payload: { ...base, number: `CC ${++serial}/2026`, openedAt: "2026-02-01" } });
    expect(dates.statusCode).toBe(422);
    expect(dates.json().errors.openedAt).toBe("A abertura não pode ser antes da publicação.");
    const good = await api.manager()({ method: "POST", url: "/api/project-bids", payload: { ...base, number: `CC ${++serial}/2026`, status: "HOMOLOGADA", winnerCnpj: "46.643.466/0001-06", winnerName: "Construtora Vale" } });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().winnerCnpj).toBe("46643466000106");
  });
});

describe("the facts a project's records state (issue 31)", () => {
  it("refuses a measurement dated next year or before the project's start, writing nothing, and puts a project in planning in execution at its first measurement", async () => {
    const company = await companyOf("gestor@demo.local");
    const project = await post<Project>("/api/projects", company, projectBody({ status: "PLANEJAMENTO", startDate: "2026-03-01" }));
    const meta = await post<WorkPlanItem>("/api/project-work-plan-items", company, { projectId: project.id, kind: "META", number: "1", description: "Obras" });
    const etapa = await post<WorkPlanItem>("/api/project-work-plan-items", company, { projectId: project.id, kind: "ETAPA", parentId: meta.id, number: "1.1", description: "Fundação", value: "500.00" });
    const measure = (referenceDate: string) =>
      api.user()({ method: "POST", url: "/api/project-executions", payload: { projectId: project.id, workPlanItemId: etapa.id, kind: "MEDICAO", referenceDate, physicalPct: "10", amount: "50.00" } });
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-15`;
    const future = await measure(nextYear);
    expect(future.statusCode, future.body).toBe(422);
    expect(future.json().errors.referenceDate).toBe("A data de referência não pode estar no futuro.");
    const early = await measure("2026-02-27");
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json().errors.referenceDate).toBe("A data de referência não pode ser antes do início do projeto (01/03/2026).");
    expect((await api.manager()({ method: "GET", url: `/api/project-executions?projectId=${project.id}` })).json()).toEqual([]);
    expect((await getProject(project.id)).status).toBe("PLANEJAMENTO");

    expect((await measure("2026-03-10")).statusCode).toBe(201);
    const after = await getProject(project.id);
    expect(after.status).toBe("EXECUCAO");
    expect(after.version).toBeGreaterThan(project.version);
  });

  it("refuses a bid 'Em preparação' that already has a winner or a homologated value, naming the situation", async () => {
    const company = await companyOf("gestor@demo.local");
    const { projectId } = await parentOf(company);
    const base = { projectId, modality: "PREGAO_ELETRONICO", status: "EM_PREPARACAO" };
    const withWinner = await api.manager()({ method: "POST", url: "/api/project-bids", payload: { ...base, number: `PE ${++serial}/2026`, winnerCnpj: "46.643.466/0001-06", winnerName: "Construtora Vale" } });
    expect(withWinner.statusCode, withWinner.body).toBe(422);
    expect(withWinner.json().errors.status).toMatch(/não está mais em preparação/);
    const homologated = await api.manager()({ method: "POST", url: "/api/project-bids", payload: { ...base, number: `PE ${++serial}/2026`, homologatedValue: "90000.00" } });
    expect(homologated.statusCode).toBe(422);
    // A PATCH that leaves the winner on a bid moved back to preparation is refused too (the merged record is checked).
    const bid = await post<{ id: number }>("/api/project-bids", company, { ...base, number: `PE ${++serial}/2026`, status: "HOMOLOGADA", winnerCnpj: "46.643.466/0001-06", winnerName: "Construtora Vale" });
    const back = await api.manager()({ method: "PATCH", url: `/api/project-bids/${bid.id}`, payload: { status: "EM_PREPARACAO" } });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors.status).toMatch(/não está mais em preparação/);
  });
});

describe("history", () => {
  it("records who changed which field from what to what, in the write, with manual notes; no entry can be changed or removed", async () => {
    const company = await companyOf("gestor@demo.local");
    const project = await post<Project>("/api/projects", company, projectBody({ status: "PLANEJAMENTO" }));
    const moved = await api.manager()({ method: "PATCH", url: `/api/projects/${project.id}`, payload: { status: "LICITACAO", version: project.version } });
    expect(moved.statusCode).toBe(200);
    expect((await api.manager()({ method: "POST", url: "/api/project-history", payload: { projectId: project.id, note: "Edital publicado no PNCP." } })).statusCode).toBe(201);
    const entries = (await api.user()({ method: "GET", url: `/api/project-history?projectId=${project.id}` })).json() as HistoryEntry[];
    expect(entries.map((e) => e.action)).toEqual(["NOTE", "UPDATE", "CREATE"]);
    expect(entries[1]).toMatchObject({ entity: "PROJECT", actorName: "Gustavo Gestor", changes: [{ field: "status", from: "PLANEJAMENTO", to: "LICITACAO" }] });
    expect(entries[0]).toMatchObject({ entity: "NOTE", note: "Edital publicado no PNCP." });
    expect((await api.user()({ method: "POST", url: "/api/project-history", payload: { projectId: project.id, note: "Nota" } })).statusCode).toBe(403);
    expect((await api.admin()({ method: "PATCH", url: `/api/project-history/${entries[0].id}`, payload: { note: "x" } })).statusCode).toBe(404);
    expect((await api.admin()({ method: "DELETE", url: `/api/project-history/${entries[0].id}` })).statusCode).toBe(404);
    const refusal = (statement: Promise<unknown>) => statement.then(() => "aceito", (error: Error & { cause?: Error }) => error.cause?.message ?? error.message);
    expect(await refusal(api.ctx.app.db.execute(sql`update project_history set note = 'x' where id = ${entries[0].id}`))).toMatch(/não pode ser alterado/);
    expect(await refusal(api.ctx.app.db.execute(sql`delete from project_history where id = ${entries[0].id}`))).toMatch(/não pode ser excluído/);
    // Removing the person who wrote an entry (ON DELETE SET NULL) keeps the entry and the name it carries;
    // nothing else may ride along with that change.
    expect(await refusal(api.ctx.app.db.execute(sql`update project_history set actor_id = null, note = 'x' where id = ${entries[1].id}`))).toMatch(/não pode ser alterado/);
    expect(await refusal(api.ctx.app.db.execute(sql`update project_history set actor_id = null where id = ${entries[1].id}`))).toBe("aceito");
    expect(((await api.user()({ method: "GET", url: `/api/project-history?projectId=${project.id}` })).json() as HistoryEntry[])[1]).toMatchObject({ action: "UPDATE", actorName: "Gustavo Gestor" });
    // Removing the project takes its history with it.
    expect((await api.manager()({ method: "DELETE", url: `/api/projects/${project.id}` })).statusCode).toBe(200);
    expect(await historyCount(project.id)).toBe(0);
  });
});

describe("files", () => {
  it("a USER adds a photo: its EXIF date and place are read, the company sees it inline, nobody else reaches it", async () => {
    const company = await companyOf("gestor@demo.local");
    const { projectId } = await parentOf(company);
    const photo = demoPhoto({ color: [200, 80, 60], built: 0.6, takenAt: new Date("2026-05-10T14:30:00Z"), position: { latitude: -23.189_5, longitude: -45.884_1 } });
    const storagePath = await uploadAs(api.cookies.user, "project-photo", "image/jpeg", photo);
    const res = await api.user()({ method: "POST", url: "/api/project-files", payload: { projectId, category: "FOTO_OBRA", title: "Fachada em obras", storagePath, fileName: "fachada.jpg" } });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json() as ProjectFile;
    expect(file).toMatchObject({ isImage: true, contentType: "image/jpeg", latitude: "-23.189500", longitude: "-45.884100", uploaderName: "Úrsula Usuária" });
    expect(file.takenAt?.slice(0, 10)).toBe("2026-05-10");
    const shown = await api.manager()({ method: "GET", url: `/api/project-files/${file.id}/content` });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("image/jpeg");
    expect(String(shown.headers["content-disposition"])).toMatch(/^inline/);
    expect(shown.rawPayload.equals(photo)).toBe(true);
    const elsewhere = await api.otherUser()({ method: "GET", url: `/api/project-files/${file.id}/content` });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe("Arquivo não encontrado.");
    expect(elsewhere.headers["content-disposition"]).toBeUndefined();
    for (const url of ["/api/project-files/abc/content", "/api/project-files/0/content", "/api/project-files/99999999999/content"]) {
      const bad = await api.user()({ method: "GET", url });
      expect(bad.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, url).toBeLessThan(500);
      expect(bad.json().message, url).toMatch(/Verifique os campos destacados|não encontrado/);
    }
    expect((await api.anonymous()({ method: "GET", url: `/api/files/${storagePath}` })).statusCode).toBe(404);
    const history = (await api.user()({ method: "GET", url: `/api/project-history?projectId=${projectId}&entity=FILE` })).json() as HistoryEntry[];
    expect(history[0]).toMatchObject({ action: "CREATE", subject: "Fachada em obras", actorName: "Úrsula Usuária" });
  });

  it("refuses a document as a site photo, a file never uploaded and another municipality's upload (422, pt-BR)", async () => {
    const company = await companyOf("gestor@demo.local");
    const { projectId } = await parentOf(company);
    const doc = await uploadAs(api.cookies.user, "project-document", DOCUMENT_TYPES.pdf, PDF_BYTES);
    const asPhoto = await api.user()({ method: "POST", url: "/api/project-files", payload: { projectId, category: "FOTO_OBRA", title: "Foto", storagePath: doc, fileName: "foto.pdf" } });
    expect(asPhoto.statusCode).toBe(422);
    expect(asPhoto.json().errors.category).toMatch(/recebe fotos/);
    const never = await api.user()({ method: "POST", url: "/api/project-files", payload: { projectId, category: "OUTROS", title: "Nada", storagePath: "project-documents/1/00000000-0000-0000-0000-000000000000.pdf", fileName: "nada.pdf" } });
    expect(never.statusCode).toBe(422);
    const foreign = await uploadAs(api.cookies.otherUser, "project-photo", "image/png", PNG_BYTES);
    const taken = await api.user()({ method: "POST", url: "/api/project-files", payload: { projectId, category: "FOTO_OBRA", title: "Alheia", storagePath: foreign, fileName: "alheia.png" } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.storagePath).toMatch(/Envie o arquivo/);
    // A photo without EXIF is kept without date and place.
    const plain = await uploadAs(api.cookies.user, "project-photo", "image/png", PNG_BYTES);
    const saved = await api.user()({ method: "POST", url: "/api/project-files", payload: { projectId, category: "FOTO_OBRA", title: "Sem EXIF", storagePath: plain, fileName: "sem-exif.png" } });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ takenAt: null, latitude: null, longitude: null });
  });
});
