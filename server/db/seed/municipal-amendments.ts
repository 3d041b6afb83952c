import type { Db } from "../client";
import { municipalAmendmentEvents, municipalAmendmentMovements, municipalAmendments, municipalAmendmentSettings } from "../schema";
import { amendmentIdentifier, stageOf, type MunicipalAmendmentKind, type MunicipalAmendmentStage } from "../../../src/domain/municipal-amendments";

/**
 * A year of São José dos Campos' municipal emendas (issue 37) in every stage, published on its
 * portal: councillors of the Câmara (fictional names), objects and beneficiaries as a municipal
 * budget has them, each with its plano de trabalho, steps and money as far as its stage goes.
 */

const COUNCILLORS = [
  ["Marcos Vinícius Prado", "PL"],
  ["Juliana Fernandes Rocha", "PT"],
  ["Roberto Carlos Siqueira", "PSD"],
  ["Fernanda Lima Barros", "MDB"],
  ["Thiago Moreira Campos", "PSDB"],
  ["Patrícia Alves Nogueira", "PSOL"],
  ["Eduardo Ribeiro Santos", "REPUBLICANOS"],
  ["Camila Duarte Pinheiro", "PODE"],
] as const;

interface Sketch {
  author: number;
  kind: MunicipalAmendmentKind;
  object: string;
  value: number;
  /** [function, subfunction, program, action, nature] */
  classification: [string, string, string, string, string];
  beneficiary: { kind: "ORGAO_MUNICIPAL" | "ENTIDADE"; name: string; cnpj: string | null };
  finalBeneficiary?: { name: string; document: string };
  /** How far it went. */
  reach: MunicipalAmendmentStage;
  impediment?: string;
}

const SME = { kind: "ORGAO_MUNICIPAL" as const, name: "Secretaria de Educação e Cidadania", cnpj: null };
const SMS = { kind: "ORGAO_MUNICIPAL" as const, name: "Secretaria de Saúde", cnpj: null };
const SMOBRAS = { kind: "ORGAO_MUNICIPAL" as const, name: "Secretaria de Gestão Habitacional e Obras", cnpj: null };
const SMESPORTE = { kind: "ORGAO_MUNICIPAL" as const, name: "Secretaria de Esporte e Qualidade de Vida", cnpj: null };
// Valid CNPJs of fictional entities (check digits computed), as an entity of the third sector has one.
const APAE = { kind: "ENTIDADE" as const, name: "Associação de Pais e Amigos dos Excepcionais de São José dos Campos", cnpj: "11222333000181" };
const CASA = { kind: "ENTIDADE" as const, name: "Casa de Apoio Vida Nova", cnpj: "45997418000153" };
const INSTITUTO = { kind: "ENTIDADE" as const, name: "Instituto Esporte e Cidadania do Vale", cnpj: "12345678000195" };

const SKETCHES: Sketch[] = [
  { author: 0, kind: "INDIVIDUAL", object: "Reforma da quadra poliesportiva da EMEF Vila Industrial", value: 180000, classification: ["12", "361", "0012", "1045", "4.4.90.51"], beneficiary: SME, reach: "CONTAS_PRESTADAS" },
  { author: 1, kind: "INDIVIDUAL", object: "Aquisição de equipamentos para a UBS Jardim Satélite", value: 95000, classification: ["10", "301", "0010", "2031", "4.4.90.52"], beneficiary: SMS, reach: "EXECUTADA" },
  { author: 2, kind: "INDIVIDUAL", object: "Custeio de oficinas terapêuticas para pessoas com deficiência", value: 120000, classification: ["08", "242", "0008", "2067", "3.3.50.43"], beneficiary: APAE, finalBeneficiary: { name: "Associação de Pais e Amigos dos Excepcionais de São José dos Campos", document: "11222333000181" }, reach: "PAGA" },
  { author: 3, kind: "INDIVIDUAL", object: "Pavimentação da Rua das Acácias, bairro Campo dos Alemães", value: 350000, classification: ["15", "451", "0015", "1102", "4.4.90.51"], beneficiary: SMOBRAS, reach: "EMPENHADA" },
  { author: 4, kind: "INDIVIDUAL", object: "Iluminação em LED da praça do Jardim Paulista", value: 140000, classification: ["15", "452", "0015", "1110", "4.4.90.51"], beneficiary: SMOBRAS, reach: "APROVADA" },
  { author: 5, kind: "INDIVIDUAL", object: "Acolhimento de mulheres em situação de violência", value: 80000, classification: ["08", "244", "0008", "2071", "3.3.50.43"], beneficiary: CASA, finalBeneficiary: { name: "Casa de Apoio Vida Nova", document: "45997418000153" }, reach: "PLANO_ENVIADO" },
  { author: 6, kind: "INDIVIDUAL", object: "Escolinha de futebol para crianças do Putim", value: 60000, classification: ["27", "812", "0027", "2090", "3.3.50.43"], beneficiary: INSTITUTO, finalBeneficiary: { name: "Instituto Esporte e Cidadania do Vale", document: "12345678000195" }, reach: "PLANO_DEVOLVIDO" },
  { author: 7, kind: "INDIVIDUAL", object: "Reforma do centro comunitário do Parque Novo Horizonte", value: 210000, classification: ["08", "244", "0008", "1050", "4.4.90.51"], beneficiary: SMOBRAS, reach: "INDICADA" },
  { author: 0, kind: "BANCADA", object: "Ampliação do atendimento odontológico nas UBS da região leste", value: 260000, classification: ["10", "301", "0010", "2035", "3.3.90.39"], beneficiary: SMS, reach: "PAGA" },
  { author: 1, kind: "INDIVIDUAL", object: "Construção de academia ao ar livre no Jardim Morumbi", value: 75000, classification: ["27", "812", "0027", "1080", "4.4.90.51"], beneficiary: SMESPORTE, reach: "IMPEDIDA", impediment: "Objeto incompatível com a ação orçamentária indicada (LC 210/2024, art. 10, V): a ação 1080 não prevê obras em áreas não regularizadas." },
  { author: 2, kind: "COMISSAO", object: "Material pedagógico para a educação infantil", value: 150000, classification: ["12", "365", "0012", "2040", "3.3.90.30"], beneficiary: SME, reach: "EXECUTADA" },
  { author: 3, kind: "INDIVIDUAL", object: "Castração e vacinação de animais em bairros da zona norte", value: 45000, classification: ["18", "541", "0018", "2120", "3.3.90.39"], beneficiary: SMS, reach: "APROVADA" },
  { author: 4, kind: "INDIVIDUAL", object: "Reforma dos banheiros da EMEI Santa Inês", value: 90000, classification: ["12", "365", "0012", "1046", "4.4.90.51"], beneficiary: SME, reach: "INDICADA" },
  { author: 5, kind: "INDIVIDUAL", object: "Cursos de qualificação profissional para jovens", value: 110000, classification: ["11", "333", "0011", "2055", "3.3.90.39"], beneficiary: SME, reach: "EMPENHADA" },
];

const ORDER: MunicipalAmendmentStage[] = ["INDICADA", "PLANO_ENVIADO", "APROVADA", "EMPENHADA", "PAGA", "EXECUTADA", "CONTAS_PRESTADAS"];
const reached = (sketch: Sketch, stage: MunicipalAmendmentStage) => {
  if (sketch.reach === "PLANO_DEVOLVIDO") return stage === "INDICADA" || stage === "PLANO_ENVIADO";
  if (sketch.reach === "IMPEDIDA") return stage === "INDICADA";
  return ORDER.indexOf(stage) <= ORDER.indexOf(sketch.reach);
};

const day = (month: number, d: number) => `2026-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

export async function seedMunicipalAmendments(db: Db, companyIds: number[]): Promise<void> {
  const companyId = companyIds[0];
  await db.insert(municipalAmendmentSettings).values({ companyId, camaraMayIndicate: true, planDueDays: 30, decisionDueDays: 15, idleDays: 60 });
  for (const [index, sketch] of SKETCHES.entries()) {
    const sequence = index + 1;
    const [authorName, authorParty] = COUNCILLORS[sketch.author];
    const value = sketch.value.toFixed(2);
    const plan = reached(sketch, "PLANO_ENVIADO");
    const approved = reached(sketch, "APROVADA");
    const half = (sketch.value / 2).toFixed(2);
    const account = { bankCode: "001", agency: "0305-6", account: `${60000 + sequence * 37}-${sequence % 10}` };
    const committed = reached(sketch, "EMPENHADA") ? value : "0.00";
    const paid = reached(sketch, "PAGA") ? value : "0.00";
    const suppliers = reached(sketch, "PAGA") ? (sketch.value * (reached(sketch, "EXECUTADA") ? 1 : 0.6)).toFixed(2) : "0.00";
    const executedOn = reached(sketch, "EXECUTADA") ? day(9, 20) : null;
    const accountedOn = reached(sketch, "CONTAS_PRESTADAS") ? day(10, 30) : null;
    const planStatus = sketch.reach === "PLANO_DEVOLVIDO" ? "DEVOLVIDO" : approved ? "APROVADO" : plan ? "ENVIADO" : "EM_ELABORACAO";
    const impedimentReason = sketch.impediment ?? null;
    const [{ id }] = await db
      .insert(municipalAmendments)
      .values({
        companyId,
        identifier: amendmentIdentifier(2026, sequence),
        year: 2026,
        sequence,
        authorName,
        authorParty,
        kind: sketch.kind,
        functionCode: sketch.classification[0],
        subfunctionCode: sketch.classification[1],
        programCode: sketch.classification[2],
        actionCode: sketch.classification[3],
        expenseNature: sketch.classification[4],
        value,
        object: sketch.object,
        beneficiaryKind: sketch.beneficiary.kind,
        beneficiaryName: sketch.beneficiary.name,
        beneficiaryCnpj: sketch.beneficiary.cnpj,
        finalBeneficiaryName: sketch.finalBeneficiary?.name ?? null,
        finalBeneficiaryDocument: sketch.finalBeneficiary?.document ?? null,
        indicatedOn: day(2, 10 + (index % 10)),
        impedimentReason,
        planStatus,
        planObject: plan || sketch.reach === "INDICADA" ? `${sketch.object}, conforme projeto básico anexo.` : null,
        goals: plan ? [{ description: sketch.object, quantity: 1, unit: "unidade", deadline: day(11, 30) }] : [],
        budgetItems: plan ? [{ description: "Execução do objeto", value }] : [],
        schedule: plan ? [{ month: "2026-06", value: half }, { month: "2026-08", value: (sketch.value - Number(half)).toFixed(2) }] : [],
        ...(plan ? account : {}),
        planSubmittedOn: plan ? day(3, 12) : null,
        planDecidedOn: approved ? day(4, 2) : sketch.reach === "PLANO_DEVOLVIDO" ? day(4, 6) : null,
        planDecisionReason: sketch.reach === "PLANO_DEVOLVIDO" ? "O cronograma de desembolso não corresponde às metas: detalhe as turmas por mês." : null,
        executedOn,
        accountedOn,
        committedValue: committed,
        paidValue: paid,
        supplierPaidValue: suppliers,
        stage: stageOf({ impeded: !!impedimentReason, planStatus, committedValue: committed, paidValue: paid, executedOn, accountedOn }),
      })
      .returning({ id: municipalAmendments.id });
    const person = "Gustavo Gestor";
    const events: (typeof municipalAmendmentEvents.$inferInsert)[] = [
      { companyId, amendmentId: id, stage: "INDICADA", occurredOn: day(2, 10 + (index % 10)), personName: authorName, documentNumber: `Indicação ${sequence}/2026` },
    ];
    if (plan) events.push({ companyId, amendmentId: id, stage: "PLANO_ENVIADO", occurredOn: day(3, 12), personName: person, documentNumber: `Ofício SG ${100 + sequence}/2026` });
    if (approved) events.push({ companyId, amendmentId: id, stage: "APROVADA", occurredOn: day(4, 2), personName: person, documentNumber: `Despacho GP ${200 + sequence}/2026` });
    if (sketch.reach === "PLANO_DEVOLVIDO") events.push({ companyId, amendmentId: id, stage: "PLANO_DEVOLVIDO", occurredOn: day(4, 6), personName: person, documentNumber: `Despacho GP ${200 + sequence}/2026`, reason: "O cronograma de desembolso não corresponde às metas: detalhe as turmas por mês." });
    if (executedOn) events.push({ companyId, amendmentId: id, stage: "EXECUTADA", occurredOn: executedOn, personName: person, documentNumber: `Termo de recebimento ${sequence}/2026` });
    if (accountedOn) events.push({ companyId, amendmentId: id, stage: "CONTAS_PRESTADAS", occurredOn: accountedOn, personName: person, documentNumber: `Prestação de contas ${sequence}/2026` });
    await db.insert(municipalAmendmentEvents).values(events);

    const movements: (typeof municipalAmendmentMovements.$inferInsert)[] = [];
    if (reached(sketch, "EMPENHADA")) movements.push({ companyId, amendmentId: id, kind: "EMPENHO", occurredOn: day(5, 4), value, documentNumber: `2026NE${String(4100 + sequence).padStart(6, "0")}` });
    if (reached(sketch, "PAGA")) {
      movements.push({ companyId, amendmentId: id, kind: "PAGAMENTO", occurredOn: day(6, 15), value, documentNumber: `2026OB${String(8800 + sequence).padStart(6, "0")}`, ...account });
      movements.push({
        companyId,
        amendmentId: id,
        kind: "PAGAMENTO_FORNECEDOR",
        occurredOn: day(7, 22),
        value: suppliers,
        documentNumber: `NF-e ${31000 + sequence}`,
        supplierName: ["Construtora Paraíba do Sul Ltda.", "MedVale Equipamentos Hospitalares Ltda.", "Papelaria Central do Vale Ltda."][index % 3],
        supplierDocument: ["07526557000100", "33000167000101", "60746948000112"][index % 3],
        description: "Nota fiscal de fornecimento",
      });
    }
    if (movements.length) await db.insert(municipalAmendmentMovements).values(movements);
  }
}
