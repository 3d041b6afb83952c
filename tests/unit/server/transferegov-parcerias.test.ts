import { describe, expect, it } from "vitest";
import { partnershipModality, partnershipNumber, partnershipStatus, toPartnershipPayments, toPartnershipTransfer, type FetchedPartnership } from "../../../server/sync/transferegov/parcerias";
import { RowProblem } from "../../../server/sync/values";

/** One partnership as the parcerias module answers it (only the columns that matter here). */
function partnership(overrides: Partial<FetchedPartnership> = {}): FetchedPartnership {
  return {
    partnership: { id_parceria: 810_001, cd_parceria: 3851, id_proposta: 600_001, in_situacao_parceria: "Aprovada", dh_assinatura: "2026-03-20T15:00:00", in_situacao_autorizacao_execucao: "Autorizada", cd_processo_sei: "25000.118734/2026-41", publicacoes_parceria: [{ dt_publicacao: "2026-03-25" }, { dt_publicacao: "2026-03-23" }] },
    proposal: { id_proposta: 600_001, id_programa: 3601, cnpj_ente_recebedor: "51885242000140", ds_objeto: "Custeio MAC do hospital municipal.", ano_proposta: 2026, vl_total_planejamento_gastos: 300_000, nr_vlr_total: "300000.00" },
    program: { id_programa: 3601, cd_programa: "3600020260012", cd_tipo_instrumento: "FAF SAUDE", nm_programa: "INCREMENTO MAC", sg_ente_repassador: "FNS", nm_ente_repassador: "FUNDO NACIONAL DE SAÚDE" },
    distributions: [{ id_proposta: 600_001, nr_emenda_proposta: "202628170007", nm_parlamentar_proposta: "ROGÉRIO CORREIA", valor_emenda: 250_000 }],
    commitments: [{ id_empenho_parceria: 1, id_parceria: 810_001, data_emissao: "2026-03-25T10:00:00", numero_nota_empenho_gerada: "2026NE800001", in_situacao_siafi: "Registrado no SIAFI", valor_empenho: 250_000 }],
    documents: [
      {
        document: { id_documento_habil: 9, id_parceria: 810_001, vl_documento_habil: 250_000, nm_credor_devedor: "FUNDO MUNICIPAL DE SAUDE", cd_credor_devedor: "51.885.242/0001-40" },
        orders: [
          { id_op: 1, id_documento_habil: 9, nr_ordem_pagamento: "2026OP000001", nr_ordem_bancaria: "2026OB000001", dt_emissao_ordem_bancaria: "2026-03-28T14:00:00", vl_ordem_pagamento: 150_000, in_situacao_op: "Paga" },
          { id_op: 2, id_documento_habil: 9, nr_ordem_pagamento: "2026OP000002", dt_emissao_op: "2026-04-28T09:00:00", vl_ordem_pagamento: 100_000, in_situacao_op: "Aguardando pagamento" },
          { id_op: 3, id_documento_habil: 9, nr_ordem_pagamento: "2026OP000003", dt_emissao_op: "2026-04-29T09:00:00", vl_ordem_pagamento: 5_000, in_situacao_op: "Cancelada" },
        ],
      },
    ],
    ...overrides,
  };
}

describe("a partnership of the parcerias module as a voluntary transfer", () => {
  it("is a health emenda (fundo a fundo saúde) when its program's instrument is FAF SAUDE, a partnership otherwise", () => {
    expect(partnershipModality({ cd_tipo_instrumento: "FAF SAUDE" })).toBe("FUNDO_A_FUNDO_SAUDE");
    expect(partnershipModality({ cd_tipo_instrumento: "FAF SAÚDE" })).toBe("FUNDO_A_FUNDO_SAUDE");
    expect(partnershipModality({ cd_tipo_instrumento: "FAF" })).toBe("PARCERIA");
    expect(partnershipModality(null)).toBe("PARCERIA");
  });

  it("is signed once approved, in execution once authorized or paid, cancelled when inactive or rejected", () => {
    expect(partnershipStatus({ in_situacao_parceria: "Aprovada" }, false)).toBe("ASSINADO");
    expect(partnershipStatus({ in_situacao_parceria: "Aprovada", in_situacao_autorizacao_execucao: "Autorizada" }, false)).toBe("EM_EXECUCAO");
    expect(partnershipStatus({ in_situacao_parceria: "Aprovada" }, true)).toBe("EM_EXECUCAO");
    expect(partnershipStatus({ in_situacao_parceria: "Inativa" }, true)).toBe("CANCELADO");
    expect(partnershipStatus({ in_situacao_parceria: "Rejeitada" }, false)).toBe("CANCELADO");
    expect(partnershipStatus({ in_situacao_parceria: "Em Captação" }, false)).toBe("PROPOSTA_APROVADA");
  });

  it("is numbered by cd_parceria in the convênio's 6 digits, and a longer number is that row's problem", () => {
    expect(partnershipNumber({ cd_parceria: 3851 })).toBe("003851");
    expect(partnershipNumber({ cd_parceria: 953851 })).toBe("953851");
    expect(() => partnershipNumber({ cd_parceria: 12_345_678 })).toThrow(RowProblem);
    expect(() => partnershipNumber({ cd_parceria: null })).toThrow("número da parceria fora do formato de 6 dígitos: (vazio)");
  });

  it("carries the emenda's number, author and value, the program as grantor and the first publication", () => {
    expect(toPartnershipTransfer(partnership())).toMatchObject({
      nrTransfer: "003851",
      year: 2026,
      modality: "FUNDO_A_FUNDO_SAUDE",
      status: "EM_EXECUCAO",
      object: "Custeio MAC do hospital municipal.",
      programCode: "3600020260012",
      grantorAcronym: "FNS",
      amendmentNumber: "202628170007",
      parliamentarianName: "ROGÉRIO CORREIA",
      transferValue: "250000.00",
      signedAt: "2026-03-20",
      publishedAt: "2026-03-23",
      processNumber: "25000.118734/2026-41",
      source: "transferegov_parcerias",
      externalId: "810001",
    });
  });

  it("values a partnership without emendas at its proposal's planned spending, read from the text when that is all there is", () => {
    expect(toPartnershipTransfer(partnership({ distributions: [] })).transferValue).toBe("300000.00");
    const textOnly = partnership({ distributions: [] });
    textOnly.proposal = { ...textOnly.proposal, vl_total_planejamento_gastos: null, nr_vlr_total: "1.250.000,50" };
    expect(toPartnershipTransfer(textOnly).transferValue).toBe("1250000.50");
    expect(toPartnershipTransfer(partnership({ distributions: [{ nm_parlamentar_proposta: null }], commitments: [{ autor_emenda: "JOÃO DA SILVA" }] })).parliamentarianName).toBe("JOÃO DA SILVA");
  });

  it("turns the empenho into a commitment and each payment order into a bank order: paid with its OB, pending without, cancelled when cancelled", () => {
    const problems: string[] = [];
    const payments = toPartnershipPayments(partnership(), (problem) => problems.push(problem.message));
    expect(problems).toEqual([]);
    expect(payments.map((p) => [p.kind, p.documentNumber, p.status, p.amount, p.paymentDate, p.externalId])).toEqual([
      ["COMMITMENT", "2026NE800001", "EFETIVADO", "250000.00", "2026-03-25", "empenho:1"],
      ["BANK_ORDER", "2026OB000001", "EFETIVADO", "150000.00", "2026-03-28", "op:1"],
      ["BANK_ORDER", "2026OP000002", "PENDENTE", "100000.00", "2026-04-28", "op:2"],
      ["BANK_ORDER", "2026OP000003", "CANCELADO", "5000.00", "2026-04-29", "op:3"],
    ]);
    expect(payments[1]).toMatchObject({ payeeName: "FUNDO MUNICIPAL DE SAUDE", payeeDocument: "51885242000140" });
  });

  it("reports an empenho without a date as that row's problem and keeps the rest", () => {
    const problems: string[] = [];
    const payments = toPartnershipPayments(partnership({ commitments: [{ id_empenho_parceria: 7, valor_empenho: 10 }] }), (problem, what) => problems.push(`${what}: ${problem.message}`));
    expect(problems).toEqual(["empenho da parceria 7: empenho sem data de emissão"]);
    expect(payments.filter((p) => p.kind === "BANK_ORDER")).toHaveLength(3);
  });
});
