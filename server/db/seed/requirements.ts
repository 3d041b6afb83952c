import { and, eq } from "drizzle-orm";
import { todayInSaoPaulo } from "../../../src/domain/dates";
import type { Db } from "../client";
import { impositionTransfers, requirements, requirementTemplates, voluntaryTransfers } from "../schema";
import type { RequirementCreate, RequirementTemplateCreate } from "../../../src/domain/requirements";
import { companyFacts, fillText, placeholderValues, recipientNameFor, transferFacts } from "../../requirements/fill";
import { isoDay } from "./transfers";

/** Templates of each type (shared), and each demo municipality's documents in every status, filled from its own transfers. */

export const SEED_TEMPLATES: Required<RequirementTemplateCreate>[] = [
  {
    type: "IMPOSITIVA",
    title: "Pedido de indicação de emenda individual impositiva",
    purpose: "Pedido de emenda",
    description: "Solicita a um parlamentar a indicação de emenda individual (transferência especial, CF art. 166-A) para uma necessidade do município.",
    recipientKind: "PARLAMENTAR",
    subject: "Pedido de emenda parlamentar para {{municipio.nome}}",
    body:
      "Excelentíssimo(a) Senhor(a) {{parlamentar.nome}},\n\n" +
      "O Município de {{municipio.nome}}/{{municipio.uf}}, inscrito no CNPJ sob o nº {{municipio.cnpj}}, por meio de seu Prefeito, {{prefeito.nome}}, vem respeitosamente solicitar a Vossa Excelência a destinação de emenda individual impositiva, na modalidade transferência especial (art. 166-A, I, da Constituição Federal), no valor de {{valor}}, para {{objeto}}.\n\n" +
      "A demanda está alinhada ao plano de governo e será executada com observância da Lei Complementar nº 210/2024, inclusive quanto à comunicação à Câmara Municipal e ao Tribunal de Contas em até 30 dias do recebimento.\n\n" +
      "Referência no Transferegov.br: plano de ação {{transferencia.numero}}, emenda nº {{emenda.numero}}.\n\n" +
      "Certos de contar com seu apoio, renovamos votos de elevada estima.\n\n{{prefeito.nome}}\nPrefeito Municipal",
  },
  {
    type: "IMPOSITIVA",
    title: "Comunicação de recebimento de transferência especial à Câmara",
    purpose: "Comunicação de recebimento (LC 210/2024, art. 8º)",
    description: "Informa à Câmara Municipal o recebimento de emenda PIX, com valor, plano de trabalho e cronograma, no prazo de 30 dias.",
    recipientKind: "CAMARA",
    subject: "Comunicação de recebimento da transferência especial {{transferencia.numero}}",
    body:
      "Senhor(a) Presidente,\n\n" +
      "Em cumprimento ao art. 8º, parágrafo único, da Lei Complementar nº 210/2024, comunicamos o recebimento pelo Município de {{municipio.nome}} da transferência especial {{transferencia.numero}}, oriunda da emenda nº {{emenda.numero}} de autoria de {{parlamentar.nome}}, no valor de {{valor}}, destinada a {{objeto}}.\n\n" +
      "O plano de trabalho e o cronograma de execução estão disponíveis no portal de transparência do município.\n\n" +
      "{{municipio.nome}}, {{data}}.\n\n{{prefeito.nome}}\nPrefeito Municipal",
  },
  {
    type: "CONVENIO",
    title: "Pedido de prorrogação de vigência de convênio",
    purpose: "Pedido de prorrogação",
    description: "Pede ao concedente a prorrogação da vigência de convênio ou contrato de repasse, por termo aditivo, antes do fim do prazo.",
    recipientKind: "MINISTERIO",
    subject: "Pedido de prorrogação do convênio nº {{transferencia.numero}}",
    body:
      "Ao {{concedente.nome}},\n\n" +
      "O Município de {{municipio.nome}}/{{municipio.uf}}, CNPJ {{municipio.cnpj}}, convenente do instrumento nº {{transferencia.numero}} (programa {{programa.nome}}), cujo objeto é {{objeto}}, no valor global de {{valor}}, solicita a prorrogação de sua vigência por 180 (cento e oitenta) dias, nos termos da Portaria Conjunta MGI/MF/CGU nº 33/2023.\n\n" +
      "A solicitação decorre de atrasos no processo licitatório, devidamente justificados no Transferegov.br, e acompanha o novo cronograma físico-financeiro.\n\n" +
      "{{municipio.nome}}, {{data}}.\n\n{{prefeito.nome}}\nPrefeito Municipal",
  },
  {
    type: "CONVENIO",
    title: "Resposta a diligência do concedente",
    purpose: "Resposta a diligência",
    description: "Responde a diligência ou complementação pedida pelo concedente na análise de proposta, plano de trabalho ou prestação de contas.",
    recipientKind: "MINISTERIO",
    subject: "Resposta à diligência referente ao instrumento nº {{transferencia.numero}}",
    body:
      "Ao {{concedente.nome}},\n\n" +
      "Em atenção à diligência registrada no Transferegov.br para o instrumento nº {{transferencia.numero}}, o Município de {{municipio.nome}} encaminha os documentos e esclarecimentos solicitados, relativos a {{objeto}}.\n\n" +
      "Colocamo-nos à disposição para outras informações.\n\n{{municipio.nome}}, {{data}}.\n\n{{prefeito.nome}}\nPrefeito Municipal",
  },
  {
    type: "TEV",
    title: "Indicação de conta bancária para recebimento",
    purpose: "Indicação de conta",
    description: "Indica ao parlamentar ou ao concedente a conta específica do município para o crédito dos recursos da transferência.",
    recipientKind: "PARLAMENTAR",
    subject: "Indicação de conta para a transferência {{transferencia.numero}}",
    body:
      "Excelentíssimo(a) Senhor(a) {{parlamentar.nome}},\n\n" +
      "O Município de {{municipio.nome}}, CNPJ {{municipio.cnpj}}, informa que os recursos da transferência {{transferencia.numero}} (emenda nº {{emenda.numero}}), no valor de {{valor}}, devem ser creditados em conta específica aberta em instituição financeira oficial, vedada a movimentação por conta de passagem (STF, ADPF 854).\n\n" +
      "{{municipio.nome}}, {{data}}.\n\n{{prefeito.nome}}\nPrefeito Municipal",
  },
  {
    type: "TEV",
    title: "Envio de informações ao Tribunal de Contas",
    purpose: "Comunicação ao tribunal de contas",
    description: "Encaminha ao Tribunal de Contas do Estado as informações de transferência recebida, com valor, objeto e plano de trabalho.",
    recipientKind: "TRIBUNAL_CONTAS",
    subject: "Informações sobre a transferência {{transferencia.numero}} recebida por {{municipio.nome}}",
    body:
      "Senhor(a) Conselheiro(a) Presidente,\n\n" +
      "O Município de {{municipio.nome}} encaminha as informações da transferência {{transferencia.numero}}, no valor de {{valor}}, destinada a {{objeto}}, para fins de controle externo.\n\n" +
      "{{municipio.nome}}, {{data}}.\n\n{{prefeito.nome}}\nPrefeito Municipal",
  },
];

const DAY = 86_400_000;
const addDays = (iso: string, days: number) => isoDay(Date.parse(`${iso}T00:00:00Z`) + days * DAY);

export async function seedRequirements(db: Db, companyIds: number[]) {
  const templates = await db.insert(requirementTemplates).values(SEED_TEMPLATES).returning();
  const byTitle = (title: string) => templates.find((t) => t.title.startsWith(title))!;
  const today = todayInSaoPaulo();
  for (const companyId of companyIds) {
    const impositions = await db.select({ id: impositionTransfers.id }).from(impositionTransfers).where(eq(impositionTransfers.companyId, companyId)).orderBy(impositionTransfers.id).limit(3);
    const voluntaries = await db.select({ id: voluntaryTransfers.id }).from(voluntaryTransfers).where(and(eq(voluntaryTransfers.companyId, companyId))).orderBy(voluntaryTransfers.id).limit(2);
    const company = await companyFacts(db, companyId);
    const plan: { template: string; kind: "IMPOSITION" | "VOLUNTARY"; id?: number; status: RequirementCreate["status"]; sent?: number; answered?: number; protocol?: string }[] = [
      { template: "Pedido de indicação", kind: "IMPOSITION", id: impositions[0]?.id, status: "RASCUNHO" },
      { template: "Comunicação de recebimento", kind: "IMPOSITION", id: impositions[1]?.id, status: "ENVIADO", sent: -6 },
      { template: "Pedido de prorrogação", kind: "VOLUNTARY", id: voluntaries[0]?.id, status: "PROTOCOLADO", sent: -20, protocol: "00044.012345/2026-11" },
      { template: "Resposta a diligência", kind: "VOLUNTARY", id: voluntaries[1]?.id, status: "RESPONDIDO", sent: -48, answered: -15, protocol: "00044.009876/2026-02" },
      { template: "Indicação de conta", kind: "IMPOSITION", id: impositions[2]?.id, status: "RESPONDIDO", sent: -90, answered: -70, protocol: "CD-2026-004512" },
    ];
    for (const item of plan) {
      if (!item.id) continue;
      const template = byTitle(item.template);
      const transfer = await transferFacts(db, companyId, item.kind, item.id);
      const values = placeholderValues(company, transfer, item.sent ? addDays(today, item.sent) : today);
      await db.insert(requirements).values({
        companyId,
        templateId: template.id,
        type: template.type,
        transferKind: item.kind,
        transferId: item.id,
        transferNumber: transfer.number,
        recipientKind: template.recipientKind,
        recipientName: recipientNameFor(template.recipientKind, company, transfer),
        subject: fillText(template.subject, values).text,
        body: fillText(template.body, values).text,
        status: item.status,
        protocolNumber: item.protocol ?? null,
        sentOn: item.sent ? addDays(today, item.sent) : null,
        respondedOn: item.answered ? addDays(today, item.answered) : null,
      });
    }
  }
}
