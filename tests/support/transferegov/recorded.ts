import { TABLES, type TableName } from "../../../server/sync/transferegov/tables";
import { PARLIAMENTARIANS, SPECIAL_OBJECTS, BANKS, FUNDS } from "../../../server/db/seed/transfers-catalog";
import { recordFundAnalyses, recordParcerias } from "./recorded-parcerias";

/**
 * Recorded Transferegov rows in the published shape: every column of research notes Appendix A on
 * every row (null where the source leaves it empty), values as the API writes them (dates
 * `YYYY-MM-DD`, date-times `YYYY-MM-DDTHH:MM:SS`, numbers as JSON numbers, CNPJ as 14 digits).
 * Two beneficiaries: São José dos Campos (more than 200 action plans, so two pages) and Campinas.
 */

export type RecordedRow = Record<string, unknown>;
export type RecordedTables = Partial<Record<TableName, RecordedRow[]>>;

/** A row with every column of the table: unknown names are a mistake of the fixture. */
export function complete(table: TableName, given: RecordedRow): RecordedRow {
  const columns = Object.keys(TABLES[table]);
  for (const key of Object.keys(given)) if (!columns.includes(key)) throw new Error(`${table} não tem a coluna ${key}`);
  return Object.fromEntries(columns.map((column) => [column, given[column] ?? null]));
}

export interface RecordedMunicipality {
  cnpj: string;
  name: string;
  uf: string;
  ibge: number;
  idBeneficiario: number;
  idEnte: number;
  plans: number;
  fundPlans: number;
  /** Partnerships of the parcerias module (health emendas); none unless given. */
  parcerias?: number;
  /** Whether the fundo a fundo plans have published analyses (of the plan and of its report). */
  fundAnalyses?: boolean;
}

export const SJC: RecordedMunicipality = { cnpj: "46643466000106", name: "MUNICIPIO DE SAO JOSE DOS CAMPOS", uf: "SP", ibge: 3549904, idBeneficiario: 4471, idEnte: 5549, plans: 205, fundPlans: 3 };
export const CAMPINAS: RecordedMunicipality = { cnpj: "51885242000140", name: "MUNICIPIO DE CAMPINAS", uf: "SP", ibge: 3509502, idBeneficiario: 3385, idEnte: 5021, plans: 3, fundPlans: 2 };

const pad = (n: number, width: number) => String(n).padStart(width, "0");
const day = (year: number, dayOfYear: number) => new Date(Date.UTC(year, 0, dayOfYear)).toISOString().slice(0, 10);

/** Program 0903 of the especiais module, granted by the Ministério da Fazenda. */
const PROGRAM_ID = 31;

/** Suppliers a municipality pays from its emendas' accounts (name, CNPJ). */
export const SUPPLIERS = [
  { name: "CONSTRUTORA VALE DO PARAIBA LTDA", cnpj: "12345678000195" },
  { name: "PAVIMENTA SP ENGENHARIA LTDA", cnpj: "23456789000195" },
  { name: "MEDSUL COMERCIO DE EQUIPAMENTOS HOSPITALARES LTDA", cnpj: "34567890000130" },
] as const;

let entrySequence = 7_000_000;

/**
 * The specific account of a paid emenda, as the bank reports it to Transferegov: the União's credit
 * on the OB's day, a month of interest, the supplier's debit (every third plan pays two suppliers in
 * one debit, through sub-transactions), the balance, and on every tenth plan the interest returned.
 */
function recordAccount(t: Required<RecordedTables>, m: RecordedMunicipality, plan: { planId: number; year: number; i: number; total: number; agencyKey: string; paidOn: string }) {
  const { planId, i, total, agencyKey, paidOn } = plan;
  const [agency, account] = agencyKey.split("-").map(Number);
  const base = { cnpj_ente_solicitante_gestao_financeira: m.cnpj, nome_ente_solicitante_gestao_financeira: m.name, codigo_banco_gestao_financeira: 1, codigo_agencia_gestao_financeira: agency, codigo_conta_gestao_financeira: account, id_agencia_conta: agencyKey, origem_solicitacao_gestao_financeira: "TE" };
  const entry = (given: RecordedRow) => {
    entrySequence += 1;
    const row = complete("especiais/gestao_financeira_lancamentos_especiais", { ...base, id_lancamento_gestao_financeira: String(entrySequence), numero_ordem_gestao_financeira: entrySequence % 1000, quantidade_subtransacoes_lancamento_gestao_financeira: 0, ...given });
    t["especiais/gestao_financeira_lancamentos_especiais"].push(row);
    return row;
  };
  const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  entry({ data_lancamento_gestao_financeira: paidOn, tipo_operacao_gestao_financeira: "C", valor_gestao_financeira: total, descricao_gestao_financeira: "TED RECEBIDA - TRANSFERENCIA ESPECIAL", doc_depositante_gestao_financeira: "00394460000141", nome_depositante_gestao_financeira: "TESOURO NACIONAL" });
  const interest = Math.round(total * 0.004 * 100) / 100;
  entry({ data_lancamento_gestao_financeira: plusDays(paidOn, 30), tipo_operacao_gestao_financeira: "C", valor_gestao_financeira: interest, descricao_gestao_financeira: "RENDIMENTO APLICACAO FINANCEIRA" });
  const supplier = SUPPLIERS[i % SUPPLIERS.length];
  const paid = Math.round(total * 0.6 * 100) / 100;
  const debit = entry({
    data_lancamento_gestao_financeira: plusDays(paidOn, 45),
    tipo_operacao_gestao_financeira: "D",
    valor_gestao_financeira: paid,
    descricao_gestao_financeira: "PAGAMENTO A FORNECEDOR",
    doc_favorecido_gestao_financeira: i % 3 === 0 ? null : supplier.cnpj,
    nome_favorecido_gestao_financeira: i % 3 === 0 ? null : supplier.name,
    tipo_favorecido_gestao_financeira: 2,
    quantidade_subtransacoes_lancamento_gestao_financeira: i % 3 === 0 ? 2 : 0,
  });
  if (i % 3 === 0) {
    const first = Math.round(paid * 0.7 * 100) / 100;
    [supplier, SUPPLIERS[(i + 1) % SUPPLIERS.length]].forEach((payee, n) =>
      t["especiais/gestao_financeira_subtransacoes_especiais"].push(
        complete("especiais/gestao_financeira_subtransacoes_especiais", {
          id_subtransacao_gestao_financeira: `${String(debit.id_lancamento_gestao_financeira)}${n + 1}`,
          estado_subtransacao_gestao_financeira: 3,
          situacao_pagamento_subtransacao_gestao_financeira: 3,
          data_pagamento_subtransacao_gestao_financeira: plusDays(paidOn, 45),
          valor_subtransacao_gestao_financeira: n === 0 ? first : Math.round((paid - first) * 100) / 100,
          tipo_pessoa_beneficiario_subtransacao_gestao_financeira: 2,
          numero_documento_beneficiario_subtransacao_gestao_financeira: payee.cnpj,
          nome_beneficiario_subtransacao_gestao_financeira: payee.name,
          descricao_subtransacao_gestao_financeira: "Pagamento de nota fiscal",
          id_lancamento_gestao_financeira: debit.id_lancamento_gestao_financeira,
        }),
      ),
    );
  }
  let returned = 0;
  if (i % 10 === 0) {
    returned = interest;
    entry({ data_lancamento_gestao_financeira: plusDays(paidOn, 60), tipo_operacao_gestao_financeira: "D", valor_gestao_financeira: returned, descricao_gestao_financeira: "DEVOLUCAO DE RENDIMENTOS - GRU", doc_favorecido_gestao_financeira: "00394460000141", nome_favorecido_gestao_financeira: "TESOURO NACIONAL" });
    t["especiais/devolucao_especiais"].push(
      complete("especiais/devolucao_especiais", {
        id_devolucao: 40_000 + planId,
        id_plano_acao: planId,
        dt_solicitacao_devolucao: `${plusDays(paidOn, 55)}T09:30:00`,
        dt_pagamento_devolucao: `${plusDays(paidOn, 60)}T00:00:00`,
        mes_ano_competencia_devolucao: plusDays(paidOn, 55).slice(0, 7),
        dt_vencimento_devolucao: `${plusDays(paidOn, 70)}T00:00:00`,
        situacao_devolucao: "PAGA",
        tx_metodo_devolucao: "GRU",
        tx_cnpj_devolucao: m.cnpj,
        tx_nome_devolucao: m.name,
        tipo_devolucao: "RENDIMENTOS",
        ds_motivo_devolucao: "Rendimentos de aplicação financeira não utilizados no objeto",
        vl_devolucao: returned,
        vl_multa_devolucao: 0,
        vl_juros_devolucao: 0,
        vl_total_devolucao: returned,
      }),
    );
  }
  t["especiais/saldo_conta_gestao_financeira_especiais"].push(
    complete("especiais/saldo_conta_gestao_financeira_especiais", {
      id_agencia_conta: agencyKey,
      agencia_batch: agency,
      conta_batch: account,
      data_saldo_conta: plusDays(paidOn, 90),
      saldo_final_gestao_financeira: Math.round((total + interest - paid - returned) * 100) / 100,
    }),
  );
}

/** The federal bodies that analyse work plans (SIORG code, name). */
export const ANALYSING_BODIES = [
  { code: 304, name: "MINISTÉRIO DA SAÚDE" },
  { code: 2844, name: "MINISTÉRIO DAS CIDADES" },
  { code: 1929, name: "SECRETARIA DE RELAÇÕES INSTITUCIONAIS" },
] as const;

let analysisSequence = 5_100_000;

/**
 * The analyses of one work plan: an approved plan has one concluded analysis ("Aprovar Plano de
 * Trabalho") with its two history steps; a plan in complementation has the concluded request for
 * complementation and a second analysis still in progress, and the bodies still holding it.
 */
function recordAnalyses(t: Required<RecordedTables>, plan: { workPlanId: number; year: number; i: number; inComplement: boolean; health: boolean }) {
  const { workPlanId, year, i, inComplement, health } = plan;
  const body = health ? ANALYSING_BODIES[0] : ANALYSING_BODIES[1];
  const analysis = (given: RecordedRow) => {
    analysisSequence += 1;
    const row = complete("especiais/planos_trabalho_analises_especiais", { id_plano_trabalho_analise_pt: analysisSequence, codigo_siorg_orgao_analise_pt: body.code, nome_orgao_analise_pt: body.name, id_plano_trabalho: workPlanId, ...given });
    t["especiais/planos_trabalho_analises_especiais"].push(row);
    return row;
  };
  const step = (analysisId: unknown, given: RecordedRow) =>
    t["especiais/plano_trabalho_analise_historico_especiais"].push(
      complete("especiais/plano_trabalho_analise_historico_especiais", { codigo_siorg_orgao_analise_pt_hist: body.code, nome_orgao_analise_pt_hist: body.name, responsaveis_analise_pt_hist: "M*** S*** (Analista)", id_plano_trabalho_analise_pt: analysisId, ...given }),
    );
  const started = `${day(year, 70 + (i % 100))}T14:00:00`;
  const closed = `${day(year, 85 + (i % 100))}T16:30:00`;
  const first = analysis({
    situacao_planejamento_pt: inComplement ? "EM_COMPLEMENTACAO" : "APROVADO",
    situacao_parecer_analise_pt: inComplement ? "Solicitar Complementação" : "Aprovar Plano de Trabalho",
    texto_parecer_analise_pt: inComplement ? "Detalhar as metas físicas e o cronograma de execução." : "Plano de trabalho compatível com a programação orçamentária.",
    situacao_analise_pt: "Concluída",
    data_analise_pt: closed,
    valor_reprovado_pt: 0,
  });
  step(first.id_plano_trabalho_analise_pt, { situacao_parecer_analise_pt_hist: "Não se aplica", situacao_analise_pt_hist: "Em elaboração", data_analise_pt_hist: started });
  step(first.id_plano_trabalho_analise_pt, { situacao_parecer_analise_pt_hist: first.situacao_parecer_analise_pt, situacao_analise_pt_hist: "Concluída", data_analise_pt_hist: closed });
  if (!inComplement) return;
  const second = analysis({ situacao_planejamento_pt: "ENVIADO_PARA_ANALISE", situacao_parecer_analise_pt: "Não se aplica", situacao_analise_pt: "Em elaboração", data_analise_pt: `${day(year, 110 + (i % 100))}T09:00:00` });
  step(second.id_plano_trabalho_analise_pt, { situacao_parecer_analise_pt_hist: "Não se aplica", situacao_analise_pt_hist: "Em elaboração", data_analise_pt_hist: second.data_analise_pt });
  for (const holder of [body, ANALYSING_BODIES[2]]) {
    t["especiais/orgaos_analises_pendentes_especiais"].push(
      complete("especiais/orgaos_analises_pendentes_especiais", { id_plano_trabalho: workPlanId, id_orgao_analise_pendente_pt: holder.code, nome_orgao_analise_pendente_pt: holder.name, ind_orgao_analises_pendentes: "Sim" }),
    );
  }
}

export function recordedTransferegov(municipalities: RecordedMunicipality[] = [SJC, CAMPINAS]): RecordedTables {
  entrySequence = 7_000_000;
  analysisSequence = 5_100_000;
  const t: Required<RecordedTables> = Object.fromEntries(Object.keys(TABLES).map((name) => [name, []])) as unknown as Required<RecordedTables>;
  t["especiais/programas_especiais"].push(
    complete("especiais/programas_especiais", {
      id_programa: PROGRAM_ID,
      ano_programa: 2025,
      modalidade_programa: "TRANSFERÊNCIAS ESPECIAIS",
      codigo_programa: "0903",
      id_orgao_superior_programa: 25000,
      sigla_orgao_superior_programa: "MF",
      cnpj_orgao_superior_programa: "00394460000141",
      nome_orgao_superior_programa: "MINISTÉRIO DA FAZENDA",
      valor_total_disponibilizado_programa: 7_300_000_000,
      valor_impedido_programa: 12_500_000,
    }),
  );
  let planId = 79_700;
  let empenhoId = 51_200;
  let dhId = 88_100;
  let opId = 64_300;
  for (const m of municipalities) {
    t["especiais/beneficiarios_especiais"].push(
      complete("especiais/beneficiarios_especiais", { id_beneficiario: m.idBeneficiario, uf_beneficiario: m.uf, nome_beneficiario: m.name, cnpj_beneficiario: m.cnpj, id_ente: m.idEnte }),
    );
    for (let i = 0; i < m.plans; i++) {
      planId += 1 + (i % 3);
      const year = 2024 + (i % 2);
      const parliamentarian = PARLIAMENTARIANS[(i * 7 + m.idBeneficiario) % PARLIAMENTARIANS.length];
      const category = (["INVESTIMENTO", "CUSTEIO", "CUSTEIO E INVESTIMENTO"] as const)[i % 3];
      const total = 150_000 + ((i * 37_000) % 2_850_000);
      const costing = category === "CUSTEIO" ? total : category === "INVESTIMENTO" ? 0 : Math.round(total * 0.4);
      const bank = BANKS[i % BANKS.length];
      const sequence = (i % 40) + 1;
      const impeded = i % 17 === 5;
      // Every seventh work plan was sent back for complementation and is still held by the bodies analysing it.
      const inComplement = i % 7 === 2;
      t["especiais/planos_acao_especiais"].push(
        complete("especiais/planos_acao_especiais", {
          id_plano_acao: planId,
          codigo_plano_acao: `0903${year}-${pad(planId, 6)}`,
          ano_plano_acao: year,
          modalidade_plano_acao: "TRANSFERÊNCIA ESPECIAL",
          situacao_plano_acao: impeded ? "IMPEDIDO" : "CIENTE",
          email_camara: "camara@camara.sp.gov.br",
          data_aceite_plano_acao: day(year, 60 + (i % 120)),
          codigo_banco_plano_acao: bank.code,
          codigo_situacao_dado_bancario_plano_acao: 2,
          descricao_situacao_dado_bancario_plano_acao: "Conta Ativa",
          nome_banco_plano_acao: bank.name,
          numero_agencia_plano_acao: String(1600 + (i % 300)),
          dv_agencia_plano_acao: String(i % 10),
          numero_conta_plano_acao: String(26_000 + i),
          dv_conta_plano_acao: String((i * 3) % 10),
          nome_parlamentar_emenda_plano_acao: parliamentarian.name.toUpperCase(),
          ano_emenda_parlamentar_plano_acao: year,
          codigo_parlamentar_emenda_plano_acao: parliamentarian.code,
          sequencial_emenda_parlamentar_plano_acao: sequence,
          numero_emenda_parlamentar_plano_acao: Number(`${year}${pad(parliamentarian.code, 4)}${pad(sequence, 4)}`),
          codigo_emenda_parlamentar_formatado_plano_acao: `${year}${pad(parliamentarian.code, 4)}${pad(sequence, 4)}`,
          categoria_despesa_plano_acao: category,
          codigo_descricao_areas_politicas_publicas_plano_acao: i % 2 ? "10 - Saúde" : "15 - Urbanismo",
          descricao_programacao_orcamentaria_plano_acao: "28.845.0903.0EC2.0001 - Transferências Especiais",
          motivo_impedimento_plano_acao: impeded ? "Plano de trabalho não cadastrado no prazo." : null,
          valor_custeio_plano_acao: costing,
          valor_investimento_plano_acao: total - costing,
          id_agencia_conta: `${1600 + (i % 300)}-${m.idBeneficiario}${26_000 + i}`,
          id_beneficiario: m.idBeneficiario,
          id_objeto: 900 + (i % 10),
          nome_objeto: SPECIAL_OBJECTS[i % SPECIAL_OBJECTS.length],
          detalhamento_objeto: "Execução direta pelo município, conforme plano de trabalho.",
          id_programa: PROGRAM_ID,
        }),
      );
      t["especiais/planos_trabalho_especiais"].push(
        complete("especiais/planos_trabalho_especiais", {
          id_plano_trabalho: planId * 10,
          dt_hora_situacao_plano_trabalho: `${day(year, 90 + (i % 100))}T10:15:00`,
          situacao_plano_trabalho: inComplement ? "Em Complementação" : "Aprovado",
          ind_orcamento_proprio_plano_trabalho: "Não",
          data_inicio_execucao_plano_trabalho: day(year, 100 + (i % 100)),
          data_fim_execucao_plano_trabalho: day(year + 1, 100 + (i % 100)),
          prazo_execucao_meses_plano_trabalho: 12,
          id_plano_acao: planId,
          classificacao_orcamentaria_pt: category === "CUSTEIO" ? "3.3.40.41" : "4.4.40.42",
          ind_orgao_analises_pendentes: inComplement ? "Sim" : "Não",
        }),
      );
      recordAnalyses(t, { workPlanId: planId * 10, year, i, inComplement, health: i % 2 === 1 });
      // Most plans have their money chain: one empenho, its documento hábil and the OB that paid it.
      if (impeded || i % 4 === 3) continue;
      empenhoId += 1;
      t["especiais/empenhos_especiais"].push(
        complete("especiais/empenhos_especiais", {
          id_empenho: empenhoId,
          numero_empenho: `${year}NE${pad(empenhoId % 1_000_000, 6)}`,
          situacao_empenho: 4,
          descricao_situacao_empenho: "Enviado",
          status_processamento_empenho: "ENVIADA",
          ug_emitente_empenho: 170_600,
          descricao_ug_emitente_empenho: "COORD.-GERAL DE EXEC. ORCAMENT. FINANC.E CONTABIL",
          fonte_recurso_empenho: "1000000000",
          plano_interno_empenho: "T.ESPECIAIS",
          ptres_empenho: 232_543,
          natureza_despesa_empenho: category === "CUSTEIO" ? 334041 : 444042,
          categoria_despesa_empenho: category === "CUSTEIO" ? "CUSTEIO" : "INVESTIMENTO",
          data_emissao_empenho: day(year, 120 + (i % 60)),
          valor_empenho: total,
          id_plano_acao: planId,
        }),
      );
      dhId += 1;
      t["especiais/documentos_habeis_especiais"].push(
        complete("especiais/documentos_habeis_especiais", {
          id_dh: dhId,
          numero_documento_habil: `${year}DT${pad(dhId % 1_000_000, 6)}`,
          situacao_dh: 2,
          descricao_situacao_dh: "Realizado",
          tipo_documento_dh: "DT",
          ug_emitente_dh: 170_600,
          data_vencimento_dh: day(year, 140 + (i % 60)),
          data_emissao_dh: day(year, 135 + (i % 60)),
          valor_dh: total,
          id_empenho: empenhoId,
        }),
      );
      if (i % 5 === 4) continue; // empenhado, not paid yet
      opId += 1;
      t["especiais/ordens_pagamentos_ordens_bancarias_especiais"].push(
        complete("especiais/ordens_pagamentos_ordens_bancarias_especiais", {
          id_op_ob: opId,
          data_emissao_op: day(year, 140 + (i % 60)),
          numero_ordem_pagamento: `${year}OP${pad(opId % 1_000_000, 6)}`,
          vinculacao_op: 400,
          situacao_op: 2,
          descricao_situacao_op: "OB Enviada à instituição bancária para pagamento",
          data_situacao_op: day(year, 141 + (i % 60)),
          data_emissao_ob: day(year, 141 + (i % 60)),
          numero_ordem_bancaria: `${year}OB${pad(opId % 1_000_000, 6)}`,
          numero_ordem_lancamento: `${year}NS${pad(opId % 1_000_000, 6)}`,
          id_dh: dhId,
        }),
      );
      recordAccount(t, m, { planId, year, i, total, agencyKey: `${1600 + (i % 300)}-${m.idBeneficiario}${26_000 + i}`, paidOn: day(year, 141 + (i % 60)) });
    }

    for (let j = 0; j < m.fundPlans; j++) {
      const fund = FUNDS[j % FUNDS.length];
      const id = 10_000 + m.idBeneficiario * 10 + j;
      const programId = 700 + (j % FUNDS.length);
      const year = 2023 + (j % 2);
      if (!t["fundoafundo/programas"].some((row) => row.id_programa === programId)) {
        t["fundoafundo/programas"].push(
          complete("fundoafundo/programas", {
            id_programa: programId,
            ano_programa: year,
            modalidade_programa: "FUNDO A FUNDO",
            codigo_programa: Number(`${fund.org}${year}`),
            nome_programa: fund.program,
            situacao_programa: "DISPONIBILIZADO",
            valor_global_programa: 250_000_000,
            quantidade_parcelas_programa: 2,
            sigla_orgao_superior_programa: fund.acronym,
            nome_orgao_superior_programa: fund.grantor,
            nome_fundo_programa: fund.grantor,
            programa_natureza_despesa: [{ grupo_natureza_despesa_programa: "CUSTEIO" }],
            programa_acao_orcamentaria: [{ codigo_acao_orcamentaria_programa: "21C0", descricao_acao_orcamentaria_programa: "Ações de fortalecimento" }],
          }),
        );
      }
      const amendment = j % 2 ? 0 : 800_000 + j * 50_000;
      const specific = 300_000 + j * 25_000;
      t["fundoafundo/planos-acao"].push(
        complete("fundoafundo/planos-acao", {
          id_plano_acao: id,
          codigo_plano_acao: `${fund.org}${year}${pad(j + 1, 4)}-${pad(id, 6)}`,
          data_inicio_vigencia_plano_acao: day(year, 40 + j * 10),
          data_fim_vigencia_plano_acao: day(year + 2, 40 + j * 10),
          diagnostico_plano_acao: "Demanda crescente nos serviços municipais.",
          objetivos_plano_acao: `Aplicar os recursos do programa ${fund.program.toLowerCase()} conforme as metas pactuadas.`,
          situacao_plano_acao: j === 0 ? "EM_EXECUCAO" : "AUTORIZADO",
          valor_repasse_emenda_plano_acao: amendment,
          valor_repasse_especifico_plano_acao: specific,
          valor_repasse_voluntario_plano_acao: 0,
          valor_total_repasse_plano_acao: amendment + specific,
          valor_recursos_proprios_plano_acao: 20_000,
          valor_total_plano_acao: amendment + specific + 20_000,
          sigla_orgao_repassador_plano_acao: fund.acronym,
          nome_orgao_repassador_plano_acao: fund.grantor,
          cnpj_ente_recebedor_plano_acao: m.cnpj,
          nome_ente_recebedor_plano_acao: m.name,
          uf_ente_recebedor_plano_acao: m.uf,
          codigo_ibge_municipio_ente_recebedor_plano_acao: m.ibge,
          nome_fundo_repassador_plano_acao: fund.grantor,
          cnpj_fundo_vinculado_plano_acao: `${pad(11_000_000 + m.idBeneficiario * 10 + j, 8)}000199`,
          nome_fundo_vinculado_plano_acao: fund.receiving,
          id_programa: programId,
        }),
      );
      t["fundoafundo/empenhos"].push(
        complete("fundoafundo/empenhos", {
          id_empenho: 90_000 + id,
          numero_empenho: `${year}NE${pad(id, 6)}`,
          ano_empenho: year,
          data_emissao_empenho: day(year, 80 + j),
          situacao_empenho: 6,
          descricao_situacao_empenho: "Registrado no SIAFI",
          valor_empenho: Math.round((amendment + specific) / 2),
          id_plano_acao: id,
        }),
      );
      t["fundoafundo/relatorios-gestao"].push(
        complete("fundoafundo/relatorios-gestao", {
          id_relatorio_gestao: 30_000 + id,
          data_relatorio_gestao: day(year + 1, 30),
          data_e_hora_relatorio_gestao: `${day(year + 1, 30)}T09:00:00`,
          tipo_relatorio_gestao: "PARCIAL",
          situacao_relatorio_gestao: "EM_ELABORACAO",
          valor_executado_relatorio_gestao: Math.round((amendment + specific) / 3),
          valor_pendente_relatorio_gestao: 0,
          id_plano_acao: id,
        }),
      );
      if (m.fundAnalyses) recordFundAnalyses(t, { planId: id, reportId: 30_000 + id, year, j }, complete);
    }
    if (m.parcerias) recordParcerias(t, m, m.parcerias, complete);
  }
  return t;
}
