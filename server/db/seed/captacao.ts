import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { companies, grantors, programs, proposals, voluntaryTransfers } from "../schema";
import { PROPOSAL_TRANSITIONS, type ProgramModality, type ProposalHistoryEntry, type ProposalStatus } from "../../../src/domain/captacao";
import { PARLIAMENTARIANS, prng } from "./transfers-catalog";
import { todayInSaoPaulo } from "../../../src/domain/dates";

/**
 * Captação on a first start: the federal grantors (ministérios and their fundos and secretarias, with
 * their SIAFI codes), a program catalogue with windows open, closing soon, closed and not yet open
 * relative to today, and each demo municipality's proposals in every status, the approved ones
 * linked to its seeded convênios by the proposal number.
 */

type SeedGrantor = { siafiCode: string; acronym: string; name: string; kind: "MINISTERIO" | "SECRETARIA" | "FUNDO" | "AUTARQUIA"; cnpj?: string; parent?: string };
const GRANTORS: SeedGrantor[] = [
  { siafiCode: "36000", acronym: "MS", name: "MINISTÉRIO DA SAÚDE", kind: "MINISTERIO" },
  { siafiCode: "36901", acronym: "FNS", name: "FUNDO NACIONAL DE SAÚDE", kind: "FUNDO", cnpj: "00530493000171", parent: "36000" },
  { siafiCode: "26000", acronym: "MEC", name: "MINISTÉRIO DA EDUCAÇÃO", kind: "MINISTERIO" },
  { siafiCode: "26298", acronym: "FNDE", name: "FUNDO NACIONAL DE DESENVOLVIMENTO DA EDUCAÇÃO", kind: "AUTARQUIA", cnpj: "00378257000181", parent: "26000" },
  { siafiCode: "56000", acronym: "MCID", name: "MINISTÉRIO DAS CIDADES", kind: "MINISTERIO" },
  { siafiCode: "56101", acronym: "SEMOB", name: "SECRETARIA NACIONAL DE MOBILIDADE URBANA", kind: "SECRETARIA", parent: "56000" },
  { siafiCode: "56102", acronym: "SNSA", name: "SECRETARIA NACIONAL DE SANEAMENTO AMBIENTAL", kind: "SECRETARIA", parent: "56000" },
  { siafiCode: "51000", acronym: "MESP", name: "MINISTÉRIO DO ESPORTE", kind: "MINISTERIO" },
  { siafiCode: "22000", acronym: "MAPA", name: "MINISTÉRIO DA AGRICULTURA E PECUÁRIA", kind: "MINISTERIO" },
  { siafiCode: "53000", acronym: "MIDR", name: "MINISTÉRIO DA INTEGRAÇÃO E DO DESENVOLVIMENTO REGIONAL", kind: "MINISTERIO" },
  { siafiCode: "53101", acronym: "SEDEC", name: "SECRETARIA NACIONAL DE DEFESA CIVIL", kind: "SECRETARIA", parent: "53000" },
  { siafiCode: "54000", acronym: "MTUR", name: "MINISTÉRIO DO TURISMO", kind: "MINISTERIO" },
  { siafiCode: "55000", acronym: "MDS", name: "MINISTÉRIO DO DESENVOLVIMENTO E ASSISTÊNCIA SOCIAL", kind: "MINISTERIO" },
  { siafiCode: "55901", acronym: "FNAS", name: "FUNDO NACIONAL DE ASSISTÊNCIA SOCIAL", kind: "FUNDO", parent: "55000" },
];

/** Which windows a demo program has, in days from today ([start, end]); `null`: none. */
type Window = readonly [number, number] | null;
type SeedProgram = {
  grantor: string;
  seq: number;
  name: string;
  policyArea: string;
  modality: ProgramModality;
  action: string;
  value: number;
  voluntary: Window;
  amendment?: Window;
  specific?: Window;
  ufs?: readonly string[];
  /** Demo municipalities named beneficiaries (indexes of the demo companies). */
  beneficiaries?: readonly number[];
  inactive?: boolean;
  objective: string;
};

const ALL_UFS = ["AC", "AL", "AM", "AP", "BA", "CE", "DF", "ES", "GO", "MA", "MG", "MS", "MT", "PA", "PB", "PE", "PI", "PR", "RJ", "RN", "RO", "RR", "RS", "SC", "SE", "SP", "TO"];
const NORTHEAST = ["AL", "BA", "CE", "MA", "PB", "PE", "PI", "RN", "SE"];

const PROGRAMS: SeedProgram[] = [
  { grantor: "36901", seq: 1, name: "Estruturação da Rede de Serviços de Atenção Primária à Saúde", policyArea: "10 - Saúde", modality: "FUNDO_A_FUNDO", action: "8581", value: 450_000_000, voluntary: [-20, 40], amendment: [-20, 5], beneficiaries: [0, 1], objective: "Construção, ampliação e reforma de Unidades Básicas de Saúde e aquisição de equipamentos." },
  { grantor: "36901", seq: 2, name: "Estruturação de Unidades de Atenção Especializada em Saúde", policyArea: "10 - Saúde", modality: "FUNDO_A_FUNDO", action: "8535", value: 320_000_000, voluntary: [-45, 3], objective: "Aquisição de equipamentos e materiais permanentes para policlínicas e hospitais municipais." },
  { grantor: "36901", seq: 3, name: "Aquisição de Ambulâncias para o SAMU 192", policyArea: "10 - Saúde", modality: "FUNDO_A_FUNDO", action: "8933", value: 95_000_000, voluntary: [-90, -10], objective: "Renovação da frota do Serviço de Atendimento Móvel de Urgência." },
  { grantor: "36000", seq: 4, name: "Atenção à Saúde da População para Procedimentos em Média e Alta Complexidade", policyArea: "10 - Saúde", modality: "CONVENIO", action: "8585", value: 210_000_000, voluntary: null, specific: [-5, 25], beneficiaries: [0], objective: "Apoio a entidades e municípios indicados por emenda de bancada para custeio especializado." },
  { grantor: "26298", seq: 1, name: "Apoio à Manutenção da Educação Infantil - Proinfância", policyArea: "12 - Educação", modality: "CONVENIO", action: "12KU", value: 600_000_000, voluntary: [-10, 60], objective: "Construção de escolas de educação infantil (creches e pré-escolas) no padrão Proinfância." },
  { grantor: "26298", seq: 2, name: "Caminho da Escola - Aquisição de Veículos para o Transporte Escolar", policyArea: "12 - Educação", modality: "CONVENIO", action: "0969", value: 280_000_000, voluntary: [-30, 6], objective: "Aquisição de ônibus e lanchas escolares para estudantes da rede pública." },
  { grantor: "26298", seq: 3, name: "Construção e Cobertura de Quadras Esportivas Escolares", policyArea: "12 - Educação", modality: "CONVENIO", action: "20RP", value: 150_000_000, voluntary: [15, 75], objective: "Construção de quadras escolares cobertas e cobertura de quadras existentes." },
  { grantor: "56101", seq: 1, name: "Apoio à Política Nacional de Desenvolvimento Urbano - Qualificação Viária", policyArea: "15 - Urbanismo", modality: "CONTRATO_DE_REPASSE", action: "1D73", value: 900_000_000, voluntary: [-60, 20], amendment: [-60, 1], beneficiaries: [0, 1, 2], objective: "Pavimentação, drenagem, calçadas acessíveis e sinalização de vias urbanas." },
  { grantor: "56101", seq: 2, name: "Mobilidade Urbana - Sistemas de Transporte Público Coletivo", policyArea: "26 - Transporte", modality: "CONTRATO_DE_REPASSE", action: "10SS", value: 1_200_000_000, voluntary: [-120, -30], objective: "Corredores de ônibus, terminais e faixas exclusivas." },
  { grantor: "56102", seq: 1, name: "Saneamento Básico - Abastecimento de Água em Pequenos Municípios", policyArea: "17 - Saneamento", modality: "CONTRATO_DE_REPASSE", action: "10GE", value: 700_000_000, voluntary: [-15, 90], ufs: NORTHEAST, objective: "Implantação e ampliação de sistemas de abastecimento de água em municípios do semiárido." },
  { grantor: "56102", seq: 2, name: "Saneamento Básico - Esgotamento Sanitário", policyArea: "17 - Saneamento", modality: "CONTRATO_DE_REPASSE", action: "1N08", value: 850_000_000, voluntary: [-25, 0], objective: "Ampliação de redes coletoras e estações de tratamento de esgoto." },
  { grantor: "51000", seq: 1, name: "Implantação e Modernização de Infraestrutura para Esporte Educacional, Recreativo e de Lazer", policyArea: "27 - Desporto e Lazer", modality: "CONTRATO_DE_REPASSE", action: "5450", value: 240_000_000, voluntary: [-8, 33], amendment: [-8, 33], beneficiaries: [1], objective: "Construção e modernização de ginásios, campos, pistas e praças esportivas." },
  { grantor: "51000", seq: 2, name: "Esporte para a Vida - Núcleos de Esporte Educacional", policyArea: "27 - Desporto e Lazer", modality: "CONVENIO", action: "20JP", value: 60_000_000, voluntary: [-3, 4], objective: "Implantação de núcleos de esporte no contraturno escolar." },
  { grantor: "22000", seq: 1, name: "Fomento ao Setor Agropecuário", policyArea: "20 - Agricultura", modality: "CONTRATO_DE_REPASSE", action: "20ZV", value: 380_000_000, voluntary: [-40, 50], amendment: [-40, 12], beneficiaries: [2], objective: "Aquisição de máquinas e equipamentos agrícolas e recuperação de estradas vicinais." },
  { grantor: "22000", seq: 2, name: "Defesa Agropecuária - Estruturação de Serviços Municipais", policyArea: "20 - Agricultura", modality: "CONVENIO", action: "2139", value: 40_000_000, voluntary: [-30, 30], inactive: true, objective: "Estruturação de serviços municipais de inspeção." },
  { grantor: "53101", seq: 1, name: "Prevenção e Preparação para Desastres", policyArea: "06 - Segurança Pública", modality: "CONVENIO", action: "8348", value: 300_000_000, voluntary: [-12, 18], objective: "Obras de contenção de encostas, drenagem e prevenção de inundações." },
  { grantor: "53000", seq: 2, name: "Desenvolvimento Regional e Territorial - Rotas de Integração", policyArea: "19 - Ciência e Tecnologia", modality: "CONVENIO", action: "7K66", value: 90_000_000, voluntary: [-20, 45], ufs: ["MG", "ES", "BA", "PI"], objective: "Apoio a arranjos produtivos locais nas rotas de integração nacional." },
  { grantor: "54000", seq: 1, name: "Apoio a Projetos de Infraestrutura Turística", policyArea: "23 - Comércio e Serviços", modality: "CONTRATO_DE_REPASSE", action: "10V0", value: 500_000_000, voluntary: [-5, 2], amendment: [-5, 70], beneficiaries: [0, 2], objective: "Revitalização de orlas, praças, centros históricos e sinalização turística." },
  { grantor: "55901", seq: 1, name: "Estruturação da Rede de Serviços do Sistema Único de Assistência Social", policyArea: "08 - Assistência Social", modality: "FUNDO_A_FUNDO", action: "2B30", value: 180_000_000, voluntary: [-50, 28], objective: "Construção e equipagem de CRAS, CREAS e Centros-Dia." },
  { grantor: "55000", seq: 2, name: "Programa Cozinha Solidária", policyArea: "08 - Assistência Social", modality: "CONVENIO", action: "2792", value: 70_000_000, voluntary: [20, 80], objective: "Apoio a cozinhas solidárias com aquisição de equipamentos e insumos." },
];

const DAY = 86_400_000;
const shift = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const window = (today: string, w: Window | undefined) => (w ? [shift(today, w[0]), shift(today, w[1])] : [null, null]);

/** The demo grantors and program catalogue; returns the program ids by grantor acronym. */
export async function seedCatalogue(db: Db, companyCnpjs: string[], today: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const grantor of GRANTORS) {
    const [row] = await db
      .insert(grantors)
      .values({ siafiCode: grantor.siafiCode, acronym: grantor.acronym, name: grantor.name, kind: grantor.kind, cnpj: grantor.cnpj ?? null, superiorCode: grantor.parent ?? null, parentId: grantor.parent ? ids.get(grantor.parent)! : null })
      .returning({ id: grantors.id });
    ids.set(grantor.siafiCode, row.id);
  }
  const year = Number(today.slice(0, 4));
  const byAcronym = new Map<string, number>();
  for (const program of PROGRAMS) {
    const [voluntaryStart, voluntaryEnd] = window(today, program.voluntary);
    const [amendmentStart, amendmentEnd] = window(today, program.amendment);
    const [specificStart, specificEnd] = window(today, program.specific);
    const grantor = GRANTORS.find((g) => g.siafiCode === program.grantor)!;
    const [row] = await db
      .insert(programs)
      .values({
        code: `${program.grantor}${year}${String(program.seq).padStart(4, "0")}`,
        name: program.name,
        year,
        modality: program.modality,
        situation: program.inactive ? "INATIVO" : "DISPONIBILIZADO",
        legalNature: "Administração Pública Municipal",
        budgetAction: program.action,
        policyArea: program.policyArea,
        grantorId: ids.get(program.grantor)!,
        objective: program.objective,
        globalValue: program.value.toFixed(2),
        enabledUfs: [...(program.ufs ?? ALL_UFS)].sort(),
        beneficiaryCnpjs: (program.beneficiaries ?? []).map((i) => companyCnpjs[i]).filter(Boolean),
        voluntaryStart,
        voluntaryEnd,
        amendmentStart,
        amendmentEnd,
        specificStart,
        specificEnd,
      })
      .returning({ id: programs.id });
    const root = grantor.parent ? GRANTORS.find((g) => g.siafiCode === grantor.parent)! : grantor;
    if (!byAcronym.has(root.acronym)) byAcronym.set(root.acronym, row.id);
  }
  return byAcronym;
}

/** The statuses from CADASTRADA to `status` along the SICONV flow (the first path found). */
function pathTo(status: ProposalStatus): ProposalStatus[] {
  const queue: ProposalStatus[][] = [["CADASTRADA"]];
  while (queue.length) {
    const path = queue.shift()!;
    const last = path[path.length - 1];
    if (last === status) return path;
    for (const next of PROPOSAL_TRANSITIONS[last]) if (!path.includes(next)) queue.push([...path, next]);
  }
  return ["CADASTRADA"];
}

const OPEN_STATUSES: ProposalStatus[] = ["CADASTRADA", "ENVIADA_ANALISE", "EM_ANALISE", "COMPLEMENTACAO_SOLICITADA", "COMPLEMENTACAO_ENVIADA", "APROVADA", "REJEITADA", "CANCELADA"];
const ANALYSTS = ["Sistema Transferegov.br", "Gustavo Gestor", "Análise técnica do concedente"];
const OBJECTS: Record<string, string> = {
  MS: "Aquisição de equipamentos e material permanente para Unidade Básica de Saúde",
  MEC: "Construção de escola de educação infantil - Proinfância tipo 1",
  MCID: "Pavimentação asfáltica e drenagem de vias do bairro Jardim das Flores",
  MESP: "Construção de quadra poliesportiva coberta no Parque Municipal",
  MAPA: "Aquisição de retroescavadeira e motoniveladora para estradas vicinais",
  MIDR: "Contenção de encosta e drenagem na Vila Esperança",
  MTUR: "Revitalização da praça central e sinalização turística",
  MDS: "Construção de Centro de Referência de Assistência Social (CRAS)",
};

/** Each demo municipality's proposals: some became its seeded convênios (same number), the others sit in every status. */
export async function seedProposals(db: Db, companyIds: number[], programByAcronym: Map<string, number>, today: string) {
  const rng = prng(1414);
  const acronyms = [...programByAcronym.keys()];
  const grantorIds = new Map((await db.select({ id: grantors.id, acronym: grantors.acronym }).from(grantors)).map((g) => [g.acronym, g.id]));
  const rows = await db.select({ id: companies.id, name: companies.name, cnpj: companies.cnpj }).from(companies).where(inArray(companies.id, companyIds)).orderBy(asc(companies.id));
  const year = Number(today.slice(0, 4));
  let serial = 12000;
  for (const company of rows) {
    const proposer = `MUNICIPIO DE ${company.name.toUpperCase()}`;
    const values: (typeof proposals.$inferInsert)[] = [];
    const history = (status: ProposalStatus, start: string): ProposalHistoryEntry[] =>
      pathTo(status).map((s, i) => ({ status: s, at: `${shift(start, i * 12)}T13:00:00.000Z`, by: i === 0 ? "Gustavo Gestor" : rng.pick(ANALYSTS) }));
    const conveniadas = await db
      .select()
      .from(voluntaryTransfers)
      .where(eq(voluntaryTransfers.companyId, company.id))
      .orderBy(asc(voluntaryTransfers.nrTransfer))
      .limit(4);
    for (const transfer of conveniadas) {
      if (!transfer.proposalNumber) continue;
      // A partnership of Transferegov's parcerias module was never a SICONV proposal.
      const modality = transfer.modality;
      if (modality === "FUNDO_A_FUNDO_SAUDE" || modality === "PARCERIA") continue;
      const date = shift(transfer.signedAt ?? today, -120);
      const transferValue = Number(transfer.transferValue);
      const counterpartValue = Number(transfer.counterpartValue);
      values.push({
        companyId: company.id,
        nrProposal: transfer.proposalNumber,
        proponentCnpj: company.cnpj,
        proponentName: proposer,
        programId: programByAcronym.get(transfer.grantorAcronym ?? "") ?? null,
        grantorId: grantorIds.get(transfer.grantorAcronym ?? "") ?? null,
        modality,
        object: transfer.object,
        status: "CONVENIADA",
        statusHistory: history("CONVENIADA", date),
        proposalDate: date,
        validityStart: transfer.validityStart,
        validityEnd: transfer.validityEnd,
        globalValue: (transferValue + counterpartValue).toFixed(2),
        transferValue: transferValue.toFixed(2),
        counterpartValue: counterpartValue.toFixed(2),
        amendments: transfer.amendmentNumber && transfer.parliamentarianName ? [{ number: transfer.amendmentNumber, parliamentarian: transfer.parliamentarianName, kind: "INDIVIDUAL", value: transferValue.toFixed(2) }] : [],
        bankName: "BANCO DO BRASIL S.A.",
        agency: `${rng.int(1000, 9999)}-${rng.int(0, 9)}`,
        account: `${rng.int(10000, 99999)}-${rng.int(0, 9)}`,
      });
    }
    for (const status of OPEN_STATUSES) {
      const acronym = rng.pick(acronyms);
      const date = shift(today, -rng.int(20, 200));
      const transferValue = Math.round(rng.int(150, 3000)) * 1000;
      const counterpartValue = Math.round(transferValue * 0.04);
      const parliamentarian = rng.pick(PARLIAMENTARIANS);
      const withAmendment = rng.chance(0.6);
      serial += rng.int(7, 400);
      values.push({
        companyId: company.id,
        nrProposal: `${String(serial).padStart(6, "0")}/${year}`,
        proponentCnpj: company.cnpj,
        proponentName: proposer,
        programId: programByAcronym.get(acronym) ?? null,
        grantorId: grantorIds.get(acronym) ?? null,
        modality: acronym === "MCID" || acronym === "MTUR" ? "CONTRATO_DE_REPASSE" : "CONVENIO",
        object: OBJECTS[acronym] ?? "Aquisição de equipamentos para a administração municipal",
        status,
        statusHistory: history(status, date),
        proposalDate: date,
        validityStart: status === "APROVADA" ? shift(today, 10) : null,
        validityEnd: status === "APROVADA" ? shift(today, 740) : null,
        globalValue: (transferValue + counterpartValue).toFixed(2),
        transferValue: transferValue.toFixed(2),
        counterpartValue: counterpartValue.toFixed(2),
        amendments: withAmendment ? [{ number: `${year}${String(parliamentarian.code).padStart(4, "0")}${String(rng.int(1, 60)).padStart(4, "0")}`, parliamentarian: parliamentarian.name, kind: "INDIVIDUAL", value: transferValue.toFixed(2) }] : [],
        bankName: status === "APROVADA" ? "CAIXA ECONOMICA FEDERAL" : null,
        agency: status === "APROVADA" ? "0351" : null,
        account: status === "APROVADA" ? `${rng.int(10000, 99999)}-${rng.int(0, 9)}` : null,
      });
    }
    if (values.length) await db.insert(proposals).values(values);
  }
}

/** Captação's demo data (runs after the transfers, whose convênios the proposals link to). */
export async function seedCaptacao(db: Db, companyIds: number[]) {
  const today = todayInSaoPaulo(Date.now());
  const cnpjs = (await db.select({ cnpj: companies.cnpj }).from(companies).where(inArray(companies.id, companyIds)).orderBy(asc(companies.id))).map((c) => c.cnpj);
  const programByAcronym = await seedCatalogue(db, cnpjs, today);
  await seedProposals(db, companyIds, programByAcronym, today);
}
