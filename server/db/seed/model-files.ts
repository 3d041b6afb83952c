import ExcelJS from "exceljs";
import { eq, like } from "drizzle-orm";
import type { Db } from "../client";
import { documentModels } from "../schema";
import type { DemoFileStore } from "./demo-accounts";
import { requirementDocx, requirementPdf, type RequirementDocument } from "../../requirements/document";

/**
 * The demo document models and their files: real DOCX, PDF and XLSX made by the libraries the product
 * uses, written on a first start where the seeded rows point (`models/0/…`, 0: the demo data, no uploader).
 */

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const letter = (subject: string, body: string): RequirementDocument => ({
  municipality: "[Nome do Município]",
  uf: "UF",
  dateLine: "[Município], [dia] de [mês] de [ano]",
  recipientName: "[Destinatário]",
  subject,
  body,
});

async function workPlanSheet(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = "SOL Consultoria";
  const sheet = book.addWorksheet("Cronograma de desembolso");
  sheet.columns = [
    { header: "Meta", key: "meta", width: 40 },
    { header: "Etapa", key: "etapa", width: 40 },
    { header: "Mês", key: "mes", width: 10 },
    { header: "Concedente (R$)", key: "concedente", width: 18 },
    { header: "Contrapartida (R$)", key: "contrapartida", width: 18 },
  ];
  sheet.addRow({ meta: "1. Pavimentação", etapa: "1.1 Serviços preliminares", mes: 1, concedente: 50000, contrapartida: 2500 });
  sheet.addRow({ meta: "1. Pavimentação", etapa: "1.2 Base e revestimento", mes: 2, concedente: 180000, contrapartida: 9000 });
  return Buffer.from(await book.xlsx.writeBuffer());
}

export interface SeedModel {
  title: string;
  description: string;
  category: string;
  filePath: string;
  fileName: string;
  contentType: string;
  fileSize: number;
  revision: string;
  publishedOn: string;
  downloadCount: number;
  build: () => Promise<Buffer>;
}

export const SEED_MODELS: SeedModel[] = [
  {
    title: "Ofício de indicação de conta para emenda parlamentar",
    description: "Ofício ao parlamentar informando a conta específica no Banco do Brasil para o crédito da emenda individual.",
    category: "oficios",
    filePath: "models/0/0b7a4f0e-6a51-4a0e-9d51-3a2a7c1f0001.docx",
    fileName: "Ofício - indicação de conta da emenda.docx",
    contentType: DOCX,
    fileSize: 0,
    revision: "2026.1",
    publishedOn: "2026-02-10",
    downloadCount: 14,
    build: () =>
      requirementDocx(letter("Indicação de conta bancária – emenda individual nº [número]", "Senhor(a) Parlamentar,\n\nInformamos a conta específica aberta para o recebimento da emenda: Banco do Brasil, agência [agência], conta [conta].\n\nAtenciosamente,\n\n[Prefeito(a) Municipal]")),
  },
  {
    title: "Ofício de pedido de prorrogação de vigência de convênio",
    description: "Pedido ao concedente de prorrogação da vigência, com a justificativa e o novo cronograma (até 30 dias antes do fim da vigência).",
    category: "oficios",
    filePath: "models/0/0b7a4f0e-6a51-4a0e-9d51-3a2a7c1f0002.docx",
    fileName: "Ofício - prorrogação de vigência.docx",
    contentType: DOCX,
    fileSize: 0,
    revision: "v3",
    publishedOn: "2025-11-18",
    downloadCount: 9,
    build: () =>
      requirementDocx(letter("Pedido de prorrogação de vigência – convênio nº [número]", "Senhor(a) Secretário(a),\n\nSolicitamos a prorrogação da vigência do convênio por [prazo] meses, pelos motivos expostos a seguir: [justificativa].\n\nSegue o cronograma físico-financeiro atualizado.\n\nAtenciosamente,")),
  },
  {
    title: "Declaração de contrapartida",
    description: "Declaração do prefeito de que há previsão orçamentária da contrapartida na LOA do exercício.",
    category: "declaracoes",
    filePath: "models/0/0b7a4f0e-6a51-4a0e-9d51-3a2a7c1f0003.pdf",
    fileName: "Declaração de contrapartida.pdf",
    contentType: "application/pdf",
    fileSize: 0,
    revision: "2026.1",
    publishedOn: "2026-01-15",
    downloadCount: 22,
    build: () =>
      requirementPdf(letter("Declaração de contrapartida", "Declaro, para fins de celebração do convênio [número], que há previsão na Lei Orçamentária Anual de [ano] dos recursos de contrapartida, no valor de R$ [valor], na dotação [dotação].")),
  },
  {
    title: "Planilha de cronograma de desembolso",
    description: "Planilha de metas, etapas e desembolso mensal (concedente e contrapartida) para o plano de trabalho.",
    category: "planilhas",
    filePath: "models/0/0b7a4f0e-6a51-4a0e-9d51-3a2a7c1f0004.xlsx",
    fileName: "Cronograma de desembolso.xlsx",
    contentType: XLSX,
    fileSize: 0,
    revision: "v2",
    publishedOn: "2025-09-02",
    downloadCount: 5,
    build: workPlanSheet,
  },
];

/** Writes each demo model's file where its row points, when it is missing; the row gets the file's size. */
export async function writeDemoModelFiles(db: Db, files: DemoFileStore): Promise<void> {
  const rows = await db.select({ id: documentModels.id, filePath: documentModels.filePath }).from(documentModels).where(like(documentModels.filePath, "models/0/%"));
  for (const row of rows) {
    const seed = SEED_MODELS.find((m) => m.filePath === row.filePath);
    if (!seed || (await files.exists(row.filePath))) continue;
    const bytes = await seed.build();
    await files.create(row.filePath, bytes);
    await db.update(documentModels).set({ fileSize: bytes.length }).where(eq(documentModels.id, row.id));
  }
}
