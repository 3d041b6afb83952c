import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import yauzl from "yauzl";
import { demoApi } from "../support/accounts";
import { describeResourceContract } from "../support/resource-contract";
import { requirementResource, requirementTemplateResource } from "../../server/requirements/routes";
import { companies, impositionTransfers, proposals, voluntaryTransfers } from "../../server/db/schema";
import { REQUIREMENT_STATUSES, REQUIREMENT_TYPES } from "../../src/domain/requirements";

const api = demoApi();
let serial = 0;

const template = () => ({
  type: "IMPOSITIVA",
  title: `Ofício de teste ${++serial}`,
  purpose: "Pedido de emenda",
  description: "Pede a indicação de emenda para uma obra.",
  recipientKind: "PARLAMENTAR",
  subject: "Pedido de emenda para {{municipio.nome}}",
  body: "Senhor(a) {{parlamentar.nome}}, pedimos {{valor}} para {{objeto}}.",
});
const requirement = () => ({
  recipientKind: "CAMARA",
  recipientName: `Câmara Municipal ${++serial}`,
  subject: "Comunicação de recebimento",
  body: "Comunicamos o recebimento da transferência.",
});

describeResourceContract(requirementTemplateResource, {
  api,
  validCreate: template,
  invalid: { body: { ...template(), body: "Olá {{vereador.nome}}" }, field: "body" },
  patch: { purpose: "Pedido de prorrogação" },
});
describeResourceContract(requirementResource, {
  api,
  validCreate: requirement,
  invalid: { body: { ...requirement(), status: "ARQUIVADO" }, field: "status" },
  patch: { notes: "Entregue em mãos." },
});

const db = () => api.ctx.database.db;
async function managerCompany() {
  const [row] = await db().select().from(companies).where(eq(companies.ibgeCode, "3549904"));
  return row;
}
async function firstImposition(companyId: number) {
  const [row] = await db().select().from(impositionTransfers).where(eq(impositionTransfers.companyId, companyId)).orderBy(impositionTransfers.id).limit(1);
  return row;
}

/** The text of word/document.xml inside a DOCX (a zip): proves the file opens as one. */
function docxText(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entry.fileName !== "word/document.xml") return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        });
      });
      zip.on("end", () => reject(new Error("word/document.xml ausente")));
      zip.readEntry();
    });
  });
}

describe("requirements", () => {
  it("seeds templates of each type and the company's requirements in every status", async () => {
    const user = await api.user();
    const templates = (await user({ method: "GET", url: "/api/requirement-templates?_start=0&_end=50" })).json();
    expect(new Set(templates.map((t: { type: string }) => t.type))).toEqual(new Set(REQUIREMENT_TYPES));
    expect(templates.every((t: { description: string }) => t.description.length > 20)).toBe(true);
    const rows = (await (await api.manager())({ method: "GET", url: "/api/requirements?_start=0&_end=50" })).json();
    expect(new Set(rows.map((r: { status: string }) => r.status))).toEqual(new Set(REQUIREMENT_STATUSES));
    expect(rows.find((r: { status: string }) => r.status === "PROTOCOLADO").protocolNumber).toBeTruthy();
  });

  it("fills a template from the municipality and one of its transfers, and saves the adjusted document", async () => {
    const manager = await api.manager();
    const company = await managerCompany();
    const transfer = await firstImposition(company.id);
    const templates = (await manager({ method: "GET", url: "/api/requirement-templates?type=IMPOSITIVA&title_like=indica" })).json();
    const filled = await manager({ method: "POST", url: "/api/requirements/fill", payload: { templateId: templates[0].id, transferKind: "IMPOSITION", transferId: transfer.id } });
    expect(filled.statusCode, filled.body).toBe(200);
    const doc = filled.json();
    expect(doc.body).toContain(company.name);
    expect(doc.body).toContain(transfer.nrTransfer);
    expect(doc.body).toContain(transfer.parliamentarianName);
    expect(doc.body).toContain(company.mayorName);
    expect(doc.body).not.toMatch(/\{\{/);
    expect(doc.recipientName).toContain(transfer.parliamentarianName);
    const saved = await manager({ method: "POST", url: "/api/requirements", payload: { ...doc, unfilled: undefined, body: `${doc.body}\n\nAnexo: plano de trabalho.` } });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ type: "IMPOSITIVA", transferKind: "IMPOSITION", transferNumber: transfer.nrTransfer, status: "RASCUNHO" });
  });

  it("fills a convênio template from one of the company's proposals, with its program and grantor", async () => {
    const manager = await api.manager();
    const company = await managerCompany();
    const [proposal] = await db().select().from(proposals).where(eq(proposals.companyId, company.id)).limit(1);
    const [template] = (await manager({ method: "GET", url: "/api/requirement-templates?type=CONVENIO&title_like=diligencia" })).json();
    const filled = await manager({ method: "POST", url: "/api/requirements/fill", payload: { templateId: template.id, transferKind: "PROPOSAL", transferId: proposal.id } });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().body).toContain(proposal.nrProposal);
    expect(filled.json().body).toContain(proposal.object);
    const doc: Record<string, unknown> = filled.json();
    const saved = await manager({ method: "POST", url: "/api/requirements", payload: { ...doc, unfilled: undefined } });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ transferKind: "PROPOSAL", transferNumber: proposal.nrProposal });
  });

  it("downloads the requirement as a DOCX that opens with the municipality's name and the transfer's number, and as a PDF", async () => {
    const manager = await api.manager();
    const company = await managerCompany();
    const transfer = await firstImposition(company.id);
    const [templateRow] = (await manager({ method: "GET", url: "/api/requirement-templates?type=IMPOSITIVA&recipientKind=CAMARA" })).json();
    const doc = (await manager({ method: "POST", url: "/api/requirements/fill", payload: { templateId: templateRow.id, transferKind: "IMPOSITION", transferId: transfer.id } })).json();
    const saved = (await manager({ method: "POST", url: "/api/requirements", payload: { ...doc, unfilled: undefined } })).json();
    const docx = await manager({ method: "GET", url: `/api/requirements/${saved.id}/document?format=docx` });
    expect(docx.statusCode).toBe(200);
    expect(docx.headers["content-type"]).toContain("wordprocessingml");
    const xml = await docxText(docx.rawPayload);
    expect(xml).toContain(company.name.toUpperCase());
    expect(xml).toContain(transfer.nrTransfer);
    const pdf = await manager({ method: "GET", url: `/api/requirements/${saved.id}/document?format=pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const bad = await manager({ method: "GET", url: `/api/requirements/${saved.id}/document?format=odt` });
    expect(bad.statusCode).toBe(422);
    expect((await (await api.otherUser())({ method: "GET", url: `/api/requirements/${saved.id}/document?format=pdf` })).statusCode).toBe(404);
  });

  it("fills in one company only: an ADMIN must choose a client first, a malformed choice is a pt-BR 422 and a malformed document id a 404", async () => {
    const [template] = (await (await api.manager())({ method: "GET", url: "/api/requirement-templates?_end=1" })).json();
    const noClient = await (await api.admin())({ method: "POST", url: "/api/requirements/fill", payload: { templateId: template.id } });
    expect(noClient.statusCode).toBe(422);
    expect(noClient.json().message).toBe("Selecione um cliente antes de continuar.");
    const malformed = await (await api.manager())({ method: "POST", url: "/api/requirements/fill", payload: { templateId: "primeiro" } });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.templateId).toBe("Escolha um modelo válido.");
    const missing = await (await api.manager())({ method: "POST", url: "/api/requirements/fill", payload: { templateId: 2_000_000_000 } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.templateId).toBe("Modelo de requerimento não encontrado.");
    const badId = await (await api.manager())({ method: "GET", url: "/api/requirements/abc/document?format=pdf" });
    expect(badId.statusCode).toBe(404);
    expect(badId.json().message).toBe("Requerimento não encontrado.");
  });

  it("refuses unknown placeholders, a transfer of another kind or company, and a status without its data, in pt-BR", async () => {
    const admin = await api.admin();
    const unknown = await admin({ method: "POST", url: "/api/requirement-templates", payload: { ...template(), body: "Prezado {{vereador.nome}}, {{valor}}" } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.body).toMatch(/Marcador desconhecido: \{\{vereador\.nome\}\}/);
    const open = await admin({ method: "POST", url: "/api/requirement-templates", payload: { ...template(), subject: "Pedido {{municipio.nome" } });
    expect(open.json().errors.subject).toMatch(/sem fechamento/);

    const manager = await api.manager();
    const company = await managerCompany();
    const transfer = await firstImposition(company.id);
    const [convenio] = (await manager({ method: "GET", url: "/api/requirement-templates?type=CONVENIO" })).json();
    const wrongKind = await manager({ method: "POST", url: "/api/requirements/fill", payload: { templateId: convenio.id, transferKind: "IMPOSITION", transferId: transfer.id } });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().errors.transferId).toMatch(/Um modelo de convênio é preenchido com uma transferência voluntária ou uma proposta/);
    const [other] = await db().select().from(voluntaryTransfers).where(and(eq(voluntaryTransfers.companyId, (await db().select().from(companies).where(eq(companies.ibgeCode, "3509502")))[0].id))).limit(1);
    const foreign = await manager({ method: "POST", url: "/api/requirements/fill", payload: { templateId: convenio.id, transferKind: "VOLUNTARY", transferId: other.id } });
    expect(foreign.statusCode).toBe(404);
    const foreignSave = await manager({ method: "POST", url: "/api/requirements", payload: { ...requirement(), transferKind: "VOLUNTARY", transferId: other.id } });
    expect(foreignSave.statusCode).toBe(422);
    expect(foreignSave.json().errors.transferId).toMatch(/não encontrada nesta prefeitura/);

    const sent = await manager({ method: "POST", url: "/api/requirements", payload: { ...requirement(), status: "ENVIADO" } });
    expect(sent.statusCode).toBe(422);
    expect(sent.json().errors.sentOn).toMatch(/data de envio/);
    const pending = await manager({ method: "POST", url: "/api/requirements", payload: { ...requirement(), body: "Valor: {{valor}}", status: "ENVIADO", sentOn: "2026-11-10" } });
    expect(pending.json().errors.body).toMatch(/marcadores sem preencher/);
    const draft = (await manager({ method: "POST", url: "/api/requirements", payload: requirement() })).json();
    const answered = await manager({ method: "PATCH", url: `/api/requirements/${draft.id}`, payload: { status: "RESPONDIDO", sentOn: "2026-11-10", protocolNumber: "P-1", respondedOn: "2026-11-01" } });
    expect(answered.statusCode).toBe(422);
    expect(answered.json().errors.respondedOn).toMatch(/anterior ao envio/);
    const fine = await manager({ method: "PATCH", url: `/api/requirements/${draft.id}`, payload: { status: "PROTOCOLADO", sentOn: "2026-11-10", protocolNumber: "00044.000001/2026-01" } });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
