import { TABLES, type TableName } from "../../../server/sync/transferegov/tables";
import { PARLIAMENTARIANS, SPECIAL_OBJECTS, BANKS, FUNDS } from "../../../server/db/seed/transfers-catalog";

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
}

export const SJC: RecordedMunicipality = { cnpj: "46643466000106", name: "MUNICIPIO DE SAO JOSE DOS CAMPOS", uf: "SP", ibge: 3549904, idBeneficiario: 4471, idEnte: 5549, plans: 205, fundPlans: 3 };
export const CAMPINAS: RecordedMunicipality = { cnpj: "51885242000140", name: "MUNICIPIO DE CAMPINAS", uf: "SP", ibge: 3509502, idBeneficiario: 3385, idEnte: 5021, plans: 3, fundPlans: 2 };

const pad = (n: number, width: number) => String(n).padStart(width, "0");
const day = (year: number, dayOfYear: number) => new Date(Date.UTC(year, 0, dayOfYear)).toISOString().slice(0, 10);

/** Program 0903 of the especiais module, granted by the Ministério da Fazenda. */
const PROGRAM_ID = 31;

export function recordedTransferegov(municipalities: RecordedMunicipality[] = [SJC, CAMPINAS]): RecordedTables {
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
          id_agencia_conta: `${1600 + (i % 300)}-${26_000 + i}`,
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
          situacao_plano_trabalho: "APROVADO",
          ind_orcamento_proprio_plano_trabalho: "Não",
          data_inicio_execucao_plano_trabalho: day(year, 100 + (i % 100)),
          data_fim_execucao_plano_trabalho: day(year + 1, 100 + (i % 100)),
          prazo_execucao_meses_plano_trabalho: 12,
          id_plano_acao: planId,
          classificacao_orcamentaria_pt: category === "CUSTEIO" ? "3.3.40.41" : "4.4.40.42",
          ind_orgao_analises_pendentes: "Não",
        }),
      );
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
    }
  }
  return t;
}
