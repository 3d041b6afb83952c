import { PARLIAMENTARIANS } from "../../../server/db/seed/transfers-catalog";
import type { TableName } from "../../../server/sync/transferegov/tables";
import type { RecordedMunicipality, RecordedRow, RecordedTables } from "./recorded";

/**
 * Recorded rows of Transferegov's `parcerias` module (September 2026) and of the fundo a fundo
 * analyses, in the published shape (every column the product reads; dates `YYYY-MM-DD`, date-times
 * `YYYY-MM-DDTHH:MM:SS`, money as JSON numbers, `nr_vlr_total` as text as the source sends it).
 * Per municipality: its proposals to health programs, each signed as a partnership funded by an
 * emenda, with the empenho, the documento hábil and the payment order that paid it (every second
 * partnership has its order still without an OB); every third partnership is of a plain "FAF"
 * program, the others "FAF SAUDE".
 */

type Complete = (table: TableName, given: RecordedRow) => RecordedRow;

const HEALTH_PROGRAM = 3601;
const FUND_PROGRAM = 3602;

function recordPrograms(t: Required<RecordedTables>, complete: Complete) {
  if (t["parcerias/programa"].length > 0) return;
  const common = { ano_programa: 2026, tp_instrumento: "Fundo a Fundo", qualificacao_beneficiario: "Beneficiário de Emenda Parlamentar", situacao_programa: "Disponibilizado", sg_ente_superior: "MS", nm_ente_superior: "MINISTÉRIO DA SAÚDE" };
  t["parcerias/programa"].push(
    complete("parcerias/programa", {
      ...common,
      id_programa: HEALTH_PROGRAM,
      cd_programa: "3600020260012",
      cd_tipo_instrumento: "FAF SAUDE",
      sg_ente_repassador: "FNS",
      nm_ente_repassador: "FUNDO NACIONAL DE SAÚDE",
      sg_nome_ente_repassador: "FNS - FUNDO NACIONAL DE SAÚDE",
      nm_programa: "INCREMENTO TEMPORÁRIO AO CUSTEIO DOS SERVIÇOS DE ATENÇÃO ESPECIALIZADA À SAÚDE",
      ds_objetivo: "Custeio de serviços de média e alta complexidade indicados por emenda parlamentar.",
      nr_vlr_global: 1_500_000_000,
    }),
    complete("parcerias/programa", {
      ...common,
      id_programa: FUND_PROGRAM,
      cd_programa: "3600020260031",
      cd_tipo_instrumento: "FAF",
      sg_ente_repassador: "FNS",
      nm_ente_repassador: "FUNDO NACIONAL DE SAÚDE",
      nm_programa: "ESTRUTURAÇÃO DE UNIDADES DE ATENÇÃO ESPECIALIZADA EM SAÚDE",
      nr_vlr_global: 400_000_000,
    }),
  );
}

/** The municipality's partnerships and their money chain. */
export function recordParcerias(t: Required<RecordedTables>, m: RecordedMunicipality, count: number, complete: Complete) {
  recordPrograms(t, complete);
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  for (let k = 0; k < count; k++) {
    const base = m.idBeneficiario * 10 + k;
    const proposalId = 600_000 + base;
    const partnershipId = 810_000 + base;
    const health = k % 3 !== 2;
    const parliamentarian = PARLIAMENTARIANS[(m.idBeneficiario + k * 5) % PARLIAMENTARIANS.length];
    const value = 250_000 + k * 75_000;
    const month = 3 + (k % 6);
    const on = (day: number) => `2026-${pad(month, 2)}-${pad(day, 2)}`;
    t["parcerias/proposta"].push(
      complete("parcerias/proposta", {
        id_proposta: proposalId,
        id_programa: health ? HEALTH_PROGRAM : FUND_PROGRAM,
        cnpj_ente_recebedor: m.cnpj,
        nm_ente_recebedor: m.name,
        cd_ibge_recebedor: m.ibge,
        nm_municipio_recebedor: m.name.replace(/^MUNICIPIO DE /, ""),
        sg_uf_recebedor: m.uf,
        nm_pais: "Brasil",
        nm_natureza_juridica: "Município",
        ds_objeto: health ? "Incremento temporário ao custeio dos serviços de atenção especializada do hospital municipal." : "Aquisição de equipamentos para a policlínica municipal.",
        situacao_proposta: "Aprovada",
        in_formato_etapas: "meses",
        nr_vlr_total: value.toFixed(2),
        dt_envio_analise: `${on(2)}T09:30:00`,
        vl_total_planejamento_gastos: value,
        mes_proposta: month,
        ano_proposta: 2026,
        dt_proposta: on(1),
        intervenientes_proposta: [],
        categorias_despesa_proposta: [{ categoria_despesa_proposta: health ? "Custeio" : "Investimento", subcategoria_despesa_proposta: null }],
      }),
    );
    t["parcerias/parceria"].push(
      complete("parcerias/parceria", {
        id_parceria: partnershipId,
        cd_parceria: 950_000 + (m.idBeneficiario % 1000) * 10 + k,
        id_proposta: proposalId,
        in_situacao_parceria: "Aprovada",
        tp_origem: "Atos Preparatórios",
        cd_processo_sei: `25000.${pad(100_000 + base % 900_000, 6)}/2026-${pad(10 + k, 2)}`,
        sn_assinatura_manual: "Não",
        dh_assinatura: `${on(20)}T15:00:00`,
        in_situacao_autorizacao_execucao: "Autorizada",
        dh_solicitacao_execucao: `${on(21)}T10:00:00`,
        dh_autorizacao_execucao: `${on(22)}T11:00:00`,
        prazo_captacao_em_dias: 0,
        publicacoes_parceria: [{ dt_publicacao: on(23), ds_numero_dou: `${100 + k}`, nr_pagina_dou: 45, ds_documento_publicado: "Extrato de parceria", ds_url_documento_publicado: null, dt_inicio_captacao: null, dt_fim_captacao: null, tp_prazo_captacao: null }],
      }),
    );
    const amendment = `2026${pad(parliamentarian.code, 4)}${pad(k + 1, 4)}`;
    t["parcerias/distribuicao-recurso-proposta"].push(
      complete("parcerias/distribuicao-recurso-proposta", {
        id_distribuicao_recurso_proposta: 700_000 + base,
        id_proposta: proposalId,
        id_beneficiario_emenda_parlamentar: 40_000 + base,
        in_tipo_distribuicao: "Emenda",
        in_tipo_gnd: health ? "3" : "4",
        nr_emenda_proposta: amendment,
        nm_parlamentar_proposta: parliamentarian.name.toUpperCase(),
        in_tipo_emenda_parlamentar_proposta: "Individual",
        valor_emenda: value,
      }),
    );
    const fundName = `FUNDO MUNICIPAL DE SAUDE DE ${m.name.replace(/^MUNICIPIO DE /, "")}`;
    t["parcerias/empenho-parceria"].push(
      complete("parcerias/empenho-parceria", {
        id_empenho_parceria: 500_000 + base,
        id_parceria: partnershipId,
        nr_empenho: 800_000 + base % 100_000,
        cd_ug_emitente: 257_001,
        aa_empenho: 2026,
        in_situacao_siafi: "Registrado no SIAFI",
        data_emissao: `${on(25)}T10:00:00`,
        id_tipo_empenho: 1,
        nome_tipo_empenho: "Ordinário",
        ug_emitente: "257001 - FUNDO NACIONAL DE SAUDE",
        nome_favorecido: fundName,
        identificacao_favorecido: m.cnpj,
        ug_responsavel: "257001",
        autor_emenda: parliamentarian.name.toUpperCase(),
        descricao_empenho: `Emenda ${amendment} - ${health ? "custeio MAC" : "equipamentos"}`,
        numero_empenho: 800_000 + base % 100_000,
        numero_nota_empenho_gerada: `2026NE${pad(800_000 + base % 100_000, 6)}`,
        valor_empenho: value,
      }),
    );
    const documentId = 520_000 + base;
    t["parcerias/documento-habil"].push(
      complete("parcerias/documento-habil", {
        id_documento_habil: documentId,
        id_parceria: partnershipId,
        nr_documento_habil: `2026FL${pad(documentId % 1_000_000, 6)}`,
        cd_ug_emitente_dh: 257_001,
        tp_documento_habil: "FL",
        vl_documento_habil: value,
        dt_emissao: `${on(27)}T08:00:00`,
        ano_emissao: 2026,
        mes_emissao: month,
        in_situacao_dh: "Realizado",
        cd_credor_devedor: m.cnpj,
        nm_credor_devedor: fundName,
        nr_empenho_dh: `2026NE${pad(800_000 + base % 100_000, 6)}`,
      }),
    );
    const withOb = k % 2 === 0;
    t["parcerias/ordem-pagamento"].push(
      complete("parcerias/ordem-pagamento", {
        id_op: 530_000 + base,
        id_documento_habil: documentId,
        cd_ug_emitente_op: 257_001,
        nr_ordem_pagamento: `2026OP${pad((530_000 + base) % 1_000_000, 6)}`,
        in_situacao_op: withOb ? "Paga" : "Aguardando pagamento",
        dt_emissao_op: `${on(28)}T09:00:00`,
        vl_ordem_pagamento: value,
        nr_ordem_bancaria: withOb ? `2026OB${pad((530_000 + base) % 1_000_000, 6)}` : null,
        dt_emissao_ordem_bancaria: withOb ? `${on(28)}T14:00:00` : null,
      }),
    );
  }
}

/**
 * What the federal analyses said of a fundo a fundo plan (a merit analysis approved, a technical one
 * approved with a caveat) and of its management report (approved by the municipal council).
 */
export function recordFundAnalyses(t: Required<RecordedTables>, plan: { planId: number; reportId: number; year: number; j: number }, complete: Complete) {
  const { planId, reportId, year, j } = plan;
  t["fundoafundo/planos-acao-analises"].push(
    complete("fundoafundo/planos-acao-analises", {
      id_analise_plano_acao: 60_000 + planId * 2,
      tipo_analise_plano_acao: "MERITO",
      tipo_resultado_analise_plano_acao: "APROVADO",
      data_analise_plano_acao: `${year}-03-${String(10 + j).padStart(2, "0")}`,
      parecer_analise_plano_acao: "Plano compatível com as diretrizes do programa.",
      tipo_origem_analise_plano_acao: "CONCEDENTE",
      id_plano_acao: planId,
    }),
    complete("fundoafundo/planos-acao-analises", {
      id_analise_plano_acao: 60_000 + planId * 2 + 1,
      tipo_analise_plano_acao: "TECNICA",
      tipo_resultado_analise_plano_acao: j % 2 ? "COMPLEMENTACAO" : "COM_RESSALVA",
      data_analise_plano_acao: `${year}-04-${String(2 + j).padStart(2, "0")}`,
      parecer_analise_plano_acao: j % 2 ? "Detalhar as metas físicas da ação 2." : "Aprovado com ressalva: ajustar o cronograma da meta 1.",
      tipo_origem_analise_plano_acao: "CONCEDENTE",
      id_plano_acao: planId,
    }),
  );
  t["fundoafundo/relatorios-gestao-analises"].push(
    complete("fundoafundo/relatorios-gestao-analises", {
      id_relatorio_gestao_analise: 70_000 + planId,
      tipo_analise_relatorio_gestao_analise: "TECNICA",
      resultado_analise_relatorio_gestao_analise: "APROVADO",
      parecer_analise_relatorio_gestao_analise: "Relatório parcial aprovado pelo conselho.",
      origem_analise_relatorio_gestao_analise: "CONSELHO",
      data_analise_relatorio_gestao_analise: `${year + 1}-02-15`,
      versao_analise_relatorio_gestao_analise: 1,
      id_relatorio_gestao: reportId,
    }),
  );
}
