import { and, asc, desc, eq, gt, inArray, like } from "drizzle-orm";
import type { Db } from "../client";
import { companies, impositionTransfers, projectBids, projectExecutions, projectFiles, projectFundingSources, projectHistory, projects, projectWorkPlanItems, users, voluntaryTransfers } from "../schema";
import type { DemoFileStore } from "./demo-accounts";
import type { ProjectStatus } from "../../../src/domain/projects";
import { todayInSaoPaulo } from "../../../src/domain/dates";
import { recomputeProject } from "../../domain/projects";
import { demoPhoto } from "../../lib/photo";
import { renderPdf } from "../../lib/pdf";
import { SUPPLIERS, prng, supplierCnpj } from "./transfers-catalog";

/**
 * Projects on a first start: each demo municipality gets seven projects, one or more in every status,
 * with metas and etapas, bids, medições consistent with the status, funding sources linked to its
 * seeded transfers (each at most half of a transfer's value), a few real files (PDFs by pdfmake, JPEG
 * photos with EXIF date and place) written under `project-*\/0/…` on start, and their history.
 */

type EtapaSeed = { description: string; unit: string; quantity: number; share: number };
type MetaSeed = { description: string; etapas: EtapaSeed[] };
type ProjectSeed = { title: string; object: string; policyArea: string; street: string; value: number; status: ProjectStatus; months: number; metas: MetaSeed[]; done: number };

const OBRA: MetaSeed[] = [
  {
    description: "Serviços preliminares e infraestrutura",
    etapas: [
      { description: "Mobilização, canteiro e placa da obra", unit: "vb", quantity: 1, share: 0.08 },
      { description: "Terraplenagem e fundações", unit: "m³", quantity: 420, share: 0.22 },
    ],
  },
  {
    description: "Estrutura, cobertura e acabamentos",
    etapas: [
      { description: "Estrutura e alvenaria", unit: "m²", quantity: 860, share: 0.35 },
      { description: "Instalações elétricas e hidrossanitárias", unit: "vb", quantity: 1, share: 0.15 },
      { description: "Acabamentos, pintura e limpeza final", unit: "m²", quantity: 860, share: 0.2 },
    ],
  },
];
const PAVIMENTO: MetaSeed[] = [
  {
    description: "Drenagem",
    etapas: [
      { description: "Rede de galerias pluviais", unit: "m", quantity: 640, share: 0.3 },
      { description: "Bocas de lobo e poços de visita", unit: "un", quantity: 24, share: 0.1 },
    ],
  },
  {
    description: "Pavimentação e calçadas",
    etapas: [
      { description: "Base e sub-base", unit: "m²", quantity: 5200, share: 0.25 },
      { description: "Revestimento em CBUQ", unit: "m²", quantity: 5200, share: 0.25 },
      { description: "Calçadas acessíveis e sinalização", unit: "m²", quantity: 1400, share: 0.1 },
    ],
  },
];
const AQUISICAO: MetaSeed[] = [
  {
    description: "Aquisição de equipamentos",
    etapas: [
      { description: "Entrega do primeiro lote", unit: "un", quantity: 1, share: 0.6 },
      { description: "Entrega do segundo lote e instalação", unit: "un", quantity: 1, share: 0.4 },
    ],
  },
];

const PROJECTS: ProjectSeed[] = [
  { title: "Construção da UBS do bairro Jardim das Flores", object: "Construção de Unidade Básica de Saúde porte II com 6 consultórios, sala de vacinas e farmácia.", policyArea: "10.301 - Atenção Básica", street: "Rua das Hortênsias, 250", value: 1_850_000, status: "EXECUCAO", months: 7, metas: OBRA, done: 0.55 },
  { title: "Pavimentação e drenagem da Avenida Central", object: "Pavimentação asfáltica, drenagem pluvial e calçadas acessíveis em 1,2 km da Avenida Central.", policyArea: "15.451 - Infraestrutura Urbana", street: "Avenida Central, trecho km 0 a 1,2", value: 2_400_000, status: "EXECUCAO", months: 5, metas: PAVIMENTO, done: 0.3 },
  { title: "Creche Proinfância tipo 1 no Parque Industrial", object: "Construção de escola de educação infantil padrão Proinfância tipo 1, para 376 crianças.", policyArea: "12.365 - Educação Infantil", street: "Rua Ipê Amarelo, 80", value: 3_100_000, status: "CONCLUIDA", months: 16, metas: OBRA, done: 1 },
  { title: "Reforma e cobertura da quadra da EMEF Vila Nova", object: "Cobertura metálica e reforma da quadra poliesportiva escolar.", policyArea: "27.812 - Desporto Comunitário", street: "Rua Sebastião Alves, 12", value: 680_000, status: "PARALISADA", months: 10, metas: OBRA, done: 0.4 },
  { title: "Aquisição de ambulâncias para o SAMU", object: "Aquisição de duas ambulâncias tipo B (suporte básico) para o SAMU 192.", policyArea: "10.302 - Assistência Hospitalar e Ambulatorial", street: "Base do SAMU, Rua Tenente Abel, 300", value: 620_000, status: "LICITACAO", months: 2, metas: AQUISICAO, done: 0 },
  { title: "Centro de Referência de Assistência Social - CRAS Leste", object: "Construção de CRAS padrão MDS com sala de convivência e brinquedoteca.", policyArea: "08.244 - Assistência Comunitária", street: "Rua Antônio Prado, 1.020", value: 1_200_000, status: "PLANEJAMENTO", months: -1, metas: OBRA, done: 0 },
  { title: "Iluminação pública em LED do Centro Histórico", object: "Substituição de 480 luminárias por LED com telegestão.", policyArea: "25.752 - Energia Elétrica", street: "Centro Histórico", value: 540_000, status: "CANCELADA", months: 3, metas: AQUISICAO, done: 0 },
];

const CENTERS = [
  [-23.1896, -45.8841],
  [-22.9056, -47.0608],
  [-19.9167, -43.9345],
] as const;

const DAY = 86_400_000;
const shift = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const money = (n: number) => n.toFixed(2);

/** Deterministic file paths of the demo data (owner 0: no uploader), so the files can be written on start. */
const seedPath = (folder: "project-photos" | "project-documents", company: number, project: number, n: number, ext: string) =>
  `${folder}/0/00000000-0000-4000-8000-${String(company).padStart(2, "0")}${String(project).padStart(2, "0")}${String(n).padStart(8, "0")}.${ext}`;

/** A demo document: its title, the project's and a few lines (rebuilt from its row on start). */
function demoPdf(title: string, project: string, lines: string[]): Promise<Buffer> {
  return renderPdf({
      info: { title, creator: "SOL Transferências" },
      pageMargins: [60, 60, 60, 60],
      defaultStyle: { fontSize: 11, lineHeight: 1.3 },
      content: [
        { text: title.toUpperCase(), bold: true, fontSize: 14, margin: [0, 0, 0, 12] },
        { text: project, italics: true, margin: [0, 0, 0, 16] },
        ...lines.map((line) => ({ text: line, margin: [0, 0, 0, 8] })),
      ],
    });
}

const DOC_LINES: Record<string, string[]> = {
  ART: ["Anotação de Responsabilidade Técnica registrada no CREA.", "Atividade: execução de obra civil conforme projeto básico aprovado.", "Contratante: Prefeitura Municipal."],
  MEDICAO: ["Serviços medidos conforme planilha orçamentária e memória de cálculo.", "Fiscal do contrato: Secretaria Municipal de Obras.", "Atestamos a execução dos serviços no período."],
};
/** A photo's colour from its project, so each project's gallery looks its own. */
const colorOf = (projectId: number): [number, number, number] => [120 + ((projectId * 53) % 130), 110 + ((projectId * 29) % 120), 100 + ((projectId * 71) % 140)];

export async function seedProjects(db: Db, companyIds: number[]): Promise<void> {
  const today = todayInSaoPaulo(Date.now());
  const ordered = await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, companyIds)).orderBy(asc(companies.id));
  for (const [c, company] of ordered.entries()) {
    const random = prng(1500 + c);
    const [manager] = await db.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.companyId, company.id), eq(users.role, "MANAGER"))).limit(1);
    const [user] = await db.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.companyId, company.id), eq(users.role, "USER"))).limit(1);
    const actor = manager ?? user;
    const voluntary = await db.select({ id: voluntaryTransfers.id, value: voluntaryTransfers.transferValue }).from(voluntaryTransfers).where(and(eq(voluntaryTransfers.companyId, company.id), gt(voluntaryTransfers.transferValue, "100000"))).orderBy(desc(voluntaryTransfers.transferValue)).limit(8);
    const imposition = await db.select({ id: impositionTransfers.id, value: impositionTransfers.plannedValue }).from(impositionTransfers).where(and(eq(impositionTransfers.companyId, company.id), gt(impositionTransfers.plannedValue, "100000"))).orderBy(desc(impositionTransfers.plannedValue)).limit(8);
    const transfers = [...voluntary.map((t) => ({ kind: "VOLUNTARY" as const, ...t })), ...imposition.map((t) => ({ kind: "IMPOSITION" as const, ...t }))].sort(() => random.next() - 0.5);
    const [lat0, lon0] = CENTERS[c % CENTERS.length];
    const list = PROJECTS;

    for (const [p, seed] of list.entries()) {
      const started = seed.months < 0 ? null : shift(today, -seed.months * 30);
      const start = started ?? shift(today, 45);
      const duration = seed.status === "CONCLUIDA" ? seed.months * 30 - 40 : 300 + random.int(0, 120);
      const end = shift(start, duration);
      const latitude = lat0 + (random.next() - 0.5) * 0.06;
      const longitude = lon0 + (random.next() - 0.5) * 0.06;
      const [project] = await db
        .insert(projects)
        .values({
          companyId: company.id,
          title: seed.title,
          object: seed.object,
          status: seed.status,
          policyArea: seed.policyArea,
          address: `${seed.street} - ${company.name}`,
          latitude: latitude.toFixed(6),
          longitude: longitude.toFixed(6),
          startDate: start,
          endDate: end,
          totalValue: money(seed.value),
          responsibleUserId: actor?.id ?? null,
          createdAt: new Date(Date.parse(`${start}T12:00:00Z`) - 60 * DAY),
        })
        .returning({ id: projects.id });
      const history: (typeof projectHistory.$inferInsert)[] = [];
      const at = (iso: string) => new Date(`${iso}T13:00:00Z`);
      const log = (entry: Omit<typeof projectHistory.$inferInsert, "companyId" | "projectId" | "actorId" | "actorName">, who = actor) =>
        history.push({ companyId: company.id, projectId: project.id, actorId: who?.id ?? null, actorName: who?.name ?? null, ...entry });
      log({ entity: "PROJECT", entityId: project.id, action: "CREATE", subject: seed.title, changes: [{ field: "title", from: null, to: seed.title }, { field: "status", from: null, to: "PLANEJAMENTO" }, { field: "totalValue", from: null, to: money(seed.value) }], createdAt: new Date(Date.parse(`${start}T12:00:00Z`) - 60 * DAY) });

      // Work plan: etapas share the total value; the last etapa takes the rounding.
      const span = Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`);
      const etapaCount = seed.metas.reduce((n, m) => n + m.etapas.length, 0);
      let cursor = 0;
      let allotted = 0;
      const etapas: { id: number; value: number; end: string; start: string }[] = [];
      for (const [m, meta] of seed.metas.entries()) {
        const metaStart = shift(start, Math.round((cursor / etapaCount) * (span / DAY)));
        const metaEnd = shift(start, Math.round(((cursor + meta.etapas.length) / etapaCount) * (span / DAY)));
        const [metaRow] = await db
          .insert(projectWorkPlanItems)
          .values({ companyId: company.id, projectId: project.id, kind: "META", number: String(m + 1), description: meta.description, startDate: metaStart, endDate: metaEnd })
          .returning({ id: projectWorkPlanItems.id });
        for (const [e, etapa] of meta.etapas.entries()) {
          const last = etapas.length === etapaCount - 1;
          const value = last ? seed.value - allotted : Math.round(seed.value * etapa.share);
          allotted += value;
          const etapaStart = shift(start, Math.round((cursor / etapaCount) * (span / DAY)));
          const etapaEnd = shift(start, Math.round(((cursor + 1.4) / etapaCount) * (span / DAY)));
          cursor++;
          const [row] = await db
            .insert(projectWorkPlanItems)
            .values({ companyId: company.id, projectId: project.id, kind: "ETAPA", parentId: metaRow.id, number: `${m + 1}.${e + 1}`, description: etapa.description, unit: etapa.unit, quantity: money(etapa.quantity), value: money(value), startDate: etapaStart, endDate: etapaEnd < end ? etapaEnd : end })
            .returning({ id: projectWorkPlanItems.id });
          etapas.push({ id: row.id, value, start: etapaStart, end: etapaEnd < end ? etapaEnd : end });
        }
      }

      // Funding: part from one transfer (never more than half of it), the rest from the municipality.
      const transfer = seed.status === "CANCELADA" ? undefined : transfers[p % Math.max(1, transfers.length)];
      const fromTransfer = transfer ? Math.min(Math.round(seed.value * 0.85), Math.floor(Number(transfer.value) / 2 / Math.max(1, Math.ceil(list.length / transfers.length)))) : 0;
      const sourceIds: number[] = [];
      if (transfer && fromTransfer > 0) {
        const [source] = await db
          .insert(projectFundingSources)
          .values({ companyId: company.id, projectId: project.id, kind: transfer.kind, ...(transfer.kind === "VOLUNTARY" ? { voluntaryTransferId: transfer.id } : { impositionTransferId: transfer.id }), amount: money(fromTransfer), notes: "Recurso federal vinculado ao objeto." })
          .returning({ id: projectFundingSources.id });
        sourceIds.push(source.id);
        log({ entity: "FUNDING_SOURCE", entityId: source.id, action: "CREATE", subject: transfer.kind === "VOLUNTARY" ? "Transferência voluntária" : "Transferência especial", changes: [{ field: "kind", from: null, to: transfer.kind }, { field: "amount", from: null, to: money(fromTransfer) }], createdAt: at(shift(start, -50)) });
      }
      if (seed.status !== "CANCELADA") {
        const [own] = await db
          .insert(projectFundingSources)
          .values({ companyId: company.id, projectId: project.id, kind: fromTransfer > 0 ? "COUNTERPART" : "OWN", amount: money(seed.value - fromTransfer), notes: "Tesouro municipal." })
          .returning({ id: projectFundingSources.id });
        sourceIds.push(own.id);
      }

      // Bids: the status decides how far the licitação went.
      const bidStatus = ({ PLANEJAMENTO: "EM_PREPARACAO", LICITACAO: "PUBLICADA", EXECUCAO: "HOMOLOGADA", PARALISADA: "HOMOLOGADA", CONCLUIDA: "HOMOLOGADA", CANCELADA: "REVOGADA" } as const)[seed.status];
      const winner = SUPPLIERS[(p + c) % SUPPLIERS.length];
      const winnerCnpj = supplierCnpj(winner);
      const published = shift(start, -45);
      const homologated = bidStatus === "HOMOLOGADA";
      const homologatedValue = Math.round(seed.value * 0.94);
      const aquisicao = seed.metas === AQUISICAO;
      const [bid] = await db
        .insert(projectBids)
        .values({
          companyId: company.id,
          projectId: project.id,
          number: `${aquisicao ? "PE" : "CC"} ${String(p + 3).padStart(3, "0")}/${start.slice(0, 4)}`,
          modality: aquisicao ? "PREGAO_ELETRONICO" : "CONCORRENCIA_ELETRONICA",
          purchaseProcessType: "LICITACAO",
          object: seed.object,
          publishedAt: bidStatus === "EM_PREPARACAO" ? null : published,
          openedAt: bidStatus === "EM_PREPARACAO" ? null : shift(published, 20),
          homologatedAt: homologated ? shift(published, 35) : null,
          estimatedValue: money(seed.value),
          homologatedValue: homologated ? money(homologatedValue) : null,
          status: bidStatus,
          winnerCnpj: homologated ? winnerCnpj : null,
          winnerName: homologated ? winner : null,
          contractNumber: homologated ? `${String(40 + p).padStart(3, "0")}/${start.slice(0, 4)}` : null,
          contractValue: homologated ? money(homologatedValue) : null,
          contractStart: homologated ? shift(published, 40) : null,
          contractEnd: homologated ? shift(end, 60) : null,
        })
        .returning({ id: projectBids.id });
      log({ entity: "BID", entityId: bid.id, action: "CREATE", subject: `Licitação ${aquisicao ? "PE" : "CC"} ${String(p + 3).padStart(3, "0")}/${start.slice(0, 4)}`, changes: [{ field: "status", from: null, to: bidStatus }], createdAt: at(published) });
      const path = ({ PLANEJAMENTO: [], LICITACAO: ["LICITACAO"], EXECUCAO: ["LICITACAO", "EXECUCAO"], PARALISADA: ["LICITACAO", "EXECUCAO", "PARALISADA"], CONCLUIDA: ["LICITACAO", "EXECUCAO", "CONCLUIDA"], CANCELADA: ["LICITACAO", "CANCELADA"] } as Record<ProjectStatus, ProjectStatus[]>)[seed.status];
      path.reduce<ProjectStatus>((from, to, i) => {
        log({ entity: "PROJECT", entityId: project.id, action: "UPDATE", subject: seed.title, changes: [{ field: "status", from, to }], createdAt: at(shift(published, i * 40 + 1)) });
        return to;
      }, "PLANEJAMENTO");

      // Executions: medições of the etapas in order until the status's share of the work is done.
      let target = seed.value * seed.done;
      for (const etapa of etapas) {
        if (target <= 0) break;
        const share = Math.min(1, target / etapa.value);
        target -= etapa.value * share;
        const pcts = share >= 1 ? [40, 35, 25] : [Math.round(share * 100 * 0.6 * 100) / 100, Math.round(share * 100 * 0.4 * 100) / 100].filter((v) => v > 0);
        for (const [k, pctDone] of pcts.entries()) {
          const reference = shift(etapa.start, 25 + k * 30);
          const day = reference > today ? today : reference;
          const amount = Math.round(etapa.value * pctDone) / 100;
          const [execution] = await db
            .insert(projectExecutions)
            .values({
              companyId: company.id,
              projectId: project.id,
              workPlanItemId: etapa.id,
              fundingSourceId: sourceIds[k % sourceIds.length] ?? null,
              kind: "MEDICAO",
              referenceDate: day,
              physicalPct: pctDone.toFixed(2),
              amount: money(amount),
              documentNumber: `BM ${String(history.length).padStart(2, "0")}`,
              payeeCnpj: winnerCnpj,
              payeeName: winner,
              createdBy: (k % 2 === 0 ? user : actor)?.id ?? null,
            })
            .returning({ id: projectExecutions.id });
          log({ entity: "EXECUTION", entityId: execution.id, action: "CREATE", subject: `Medição de ${day.split("-").reverse().join("/")}`, changes: [{ field: "physicalPct", from: null, to: pctDone.toFixed(2) }, { field: "amount", from: null, to: money(amount) }], createdAt: at(day) }, k % 2 === 0 ? user : actor);
        }
      }

      // Files: the ART and a medição report (PDF), and site photos with date and place.
      if (["EXECUCAO", "PARALISADA", "CONCLUIDA"].includes(seed.status)) {
        const docs = [
          { category: "ART" as const, title: "ART de execução da obra" },
          { category: "MEDICAO" as const, title: "Boletim de medição nº 1" },
        ];
        for (const [n, doc] of docs.entries()) {
          const filePath = seedPath("project-documents", c, p, n, "pdf");
          await db.insert(projectFiles).values({ companyId: company.id, projectId: project.id, category: doc.category, title: doc.title, fileName: `${doc.title}.pdf`, filePath, contentType: "application/pdf", fileSize: 1, uploadedBy: actor?.id ?? null, createdAt: at(shift(start, 5 + n * 30)) });
        }
        for (let n = 0; n < 2; n++) {
          const takenDay = shift(start, 20 + n * 45) > today ? today : shift(start, 20 + n * 45);
          const takenAt = new Date(`${takenDay}T${String(10 + n * 3).padStart(2, "0")}:15:00Z`);
          const position = { latitude: latitude + n * 0.0003, longitude: longitude - n * 0.0002 };
          const filePath = seedPath("project-photos", c, p, 10 + n, "jpg");
          const [file] = await db
            .insert(projectFiles)
            .values({ companyId: company.id, projectId: project.id, category: "FOTO_OBRA", title: n === 0 ? "Vista geral da obra" : "Andamento da obra", fileName: `obra-${n + 1}.jpg`, filePath, contentType: "image/jpeg", fileSize: 1, takenAt, latitude: position.latitude.toFixed(6), longitude: position.longitude.toFixed(6), uploadedBy: user?.id ?? null, createdAt: at(takenDay) })
            .returning({ id: projectFiles.id });
          log({ entity: "FILE", entityId: file.id, action: "CREATE", subject: n === 0 ? "Vista geral da obra" : "Andamento da obra", changes: [{ field: "category", from: null, to: "FOTO_OBRA" }], createdAt: at(takenDay) }, user);
        }
      }
      if (seed.status === "PARALISADA") log({ entity: "NOTE", action: "NOTE", note: "Obra paralisada por chuvas e aguardando aditivo de prazo. Fiscal notificou a contratada.", createdAt: at(shift(today, -10)) });
      history.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
      await db.insert(projectHistory).values(history);
      await recomputeProject(db, project.id);
    }
  }
}

/**
 * On a first start with demo data, the demo projects' files are written where their rows point: PDFs
 * by pdfmake, photos by jpeg-js with the EXIF date and place their rows hold (what exifr reads back).
 */
export async function writeDemoProjectFiles(db: Db, files: DemoFileStore): Promise<void> {
  const rows = await db
    .select({ id: projectFiles.id, filePath: projectFiles.filePath, title: projectFiles.title, category: projectFiles.category, takenAt: projectFiles.takenAt, latitude: projectFiles.latitude, longitude: projectFiles.longitude, projectId: projectFiles.projectId, project: projects.title, done: projects.physicalProgress })
    .from(projectFiles)
    .innerJoin(projects, eq(projects.id, projectFiles.projectId))
    .where(like(projectFiles.filePath, "project-%/0/%"));
  for (const row of rows) {
    if (await files.exists(row.filePath)) continue;
    const bytes = row.filePath.endsWith(".jpg")
      ? demoPhoto({
          color: colorOf(row.projectId),
          built: Math.max(0.2, Number(row.done) / 100),
          takenAt: row.takenAt ?? undefined,
          position: row.latitude && row.longitude ? { latitude: Number(row.latitude), longitude: Number(row.longitude) } : undefined,
        })
      : await demoPdf(row.title, row.project, DOC_LINES[row.category] ?? []);
    await files.create(row.filePath, bytes);
    await db.update(projectFiles).set({ fileSize: bytes.length }).where(eq(projectFiles.id, row.id));
  }
}
