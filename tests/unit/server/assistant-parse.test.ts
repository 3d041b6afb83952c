import { describe, expect, it } from "vitest";
import { parseTableParams } from "@refinedev/core";
import { extractTransferNumbers, parseQuestion, Speller } from "../../../server/assistant/parse";
import { formatDate, formatMoney, formatPercent, singular } from "../../../server/assistant/text";
import { listQuery, transferInfoPath } from "@/domain/assistant";
import { isKnownAppPath } from "@/domain/routes";
import type { CompanyVocabulary } from "../../../server/assistant/types";

const NOW = new Date("2026-11-22T15:00:00Z");
const vocabulary: CompanyVocabulary = {
  parliamentarians: ["ANA DUARTE", "ANA RIBEIRO", "GERALDO MACHADO", "RAIMUNDO MACHADO", "JULIANA NASCIMENTO", "ARLINDO MENDONÇA"],
  grantors: [
    { acronym: "MS", name: "MINISTÉRIO DA SAÚDE", kinds: ["voluntary"] },
    { acronym: "FNS", name: "FUNDO NACIONAL DE SAÚDE", kinds: ["fund"] },
    { acronym: "MCID", name: "MINISTÉRIO DAS CIDADES", kinds: ["voluntary"] },
    { acronym: "MF", name: "MINISTÉRIO DA FAZENDA", kinds: ["imposition"] },
  ],
};
const parse = (text: string) => parseQuestion(text, { now: NOW, vocabulary });

describe("the assistant's question parser", () => {
  it("puts Portuguese words in the singular and keeps count and list words as typed", () => {
    expect(["emendas", "prestacoes", "especiais", "parlamentares", "convenios", "quantos", "quais"].map(singular)).toEqual([
      "emenda", "prestacao", "especial", "parlamentar", "convenio", "quantos", "quais",
    ]);
  });

  it("corrects typos, swapped letters included, but not everyday words into its vocabulary", () => {
    const speller = new Speller(vocabulary.parliamentarians);
    expect(speller.correct("emnedas")).toBe("emendas");
    expect(speller.correct("recebemso")).toBe("recebemos");
    expect(speller.correct("anscimento")).toBe("nascimento");
    expect(speller.correct("previsao")).toBe("previsao");
    expect(speller.correct("festa")).toBe("festa");
  });

  it("reads kinds by their synonyms, measures, years (relative ones too) and months", () => {
    expect(parse("quanto recebemos de emenda pix ano passado")).toMatchObject({ kinds: ["imposition"], measures: ["paid"], years: [2025] });
    expect(parse("qto falta receber dos contratos de repasse deste ano")).toMatchObject({ kinds: ["voluntary"], modality: "CONTRATO_DE_REPASSE", measures: ["toReceive"], years: [2026] });
    expect(parse("empenhado do fundo a fundo em 2024 x 2025")).toMatchObject({ kinds: ["fund"], measures: ["committed"], years: [2024, 2025] });
    expect(parse("quanto entrou em outubro").months).toEqual([{ month: 10, year: 2026 }]);
    expect(parse("pagamentos de dezembro").months).toEqual([{ month: 12, year: 2025 }]);
    expect(parse("pagamentos de out/2024").months).toEqual([{ month: 10, year: 2024 }]);
    expect(parse("os dez maiores").months).toEqual([]);
  });

  it("finds transfer numbers in each format", () => {
    expect(extractTransferNumbers("convenio 912.345 e a emenda 09032025-079703 e o plano 30882120230006-010014").numbers).toEqual([
      { kind: "fund", key: "30882120230006-010014" },
      { kind: "imposition", key: "09032025-079703" },
      { kind: "voluntary", key: "912345" },
    ]);
  });

  it("names parliamentarians without accents or with typos, and reports a surname that fits several", () => {
    expect(parse("quanto o arlindo mendonca mandou").parliamentarians).toEqual(["ARLINDO MENDONÇA"]);
    expect(parse("qto a juliana anscimento enviou").parliamentarians).toEqual(["JULIANA NASCIMENTO"]);
    expect(parse("quanto o machado mandou")).toMatchObject({ parliamentarians: [], ambiguousParliamentarians: ["GERALDO MACHADO", "RAIMUNDO MACHADO"] });
    expect(parse("quanto recebemos no ano").parliamentarians).toEqual([]);
  });

  it("names grantors by acronym or by their distinctive words; 'saúde' alone is both health grantors", () => {
    expect(parse("quanto o MCID repassou").grantors.map((g) => g.acronym)).toEqual(["MCID"]);
    expect(parse("quanto veio do ministerio da saude").grantors.map((g) => g.acronym)).toEqual(["MS"]);
    expect(parse("quanto veio do fundo nacional de saude")).toMatchObject({ kinds: ["fund"], grantors: [{ acronym: "FNS" }] });
    expect(parse("quanto veio da saude").grantors.map((g) => g.acronym)).toEqual(["MS", "FNS"]);
    expect(parse("quanto a cidade recebeu").grantors).toEqual([]);
  });

  it("tells words about other subjects apart", () => {
    expect(parse("quanto o prefeito gastou com festa").unknownWords).toEqual(["gastou", "festa"]);
    expect(parse("quanto recebemos de convenios").unknownWords).toEqual([]);
  });
});

describe("the assistant's figures and links", () => {
  it("writes money, dates and percentages in pt-BR", () => {
    expect(formatMoney("1234.5")).toBe("R$\u00a01.234,50");
    expect(formatDate("2026-03-01")).toBe("01/03/2026");
    expect(formatPercent(0.436)).toBe("43,6%");
  });

  it("builds list links the transfer screens read back as their filters and sort", () => {
    const query = listQuery(
      [
        { field: "year", operator: "eq", value: 2025 },
        { field: "status", operator: "in", value: ["EM_EXECUCAO", "ASSINADO"] },
        { field: "parliamentarianName", operator: "contains", value: "ARLINDO MENDONÇA (PT)" },
      ],
      [{ field: "validityEnd", order: "asc" }],
    );
    expect(query).not.toMatch(/[ ()]/);
    const parsed = parseTableParams(`?${query}`);
    expect(parsed.parsedFilters).toEqual([
      { field: "year", operator: "eq", value: "2025" },
      { field: "status", operator: "in", value: ["EM_EXECUCAO", "ASSINADO"] },
      { field: "parliamentarianName", operator: "contains", value: "ARLINDO MENDONÇA (PT)" },
    ]);
    expect(parsed.parsedSorter).toEqual([{ field: "validityEnd", order: "asc" }]);
    expect(isKnownAppPath(transferInfoPath("imposition", "09032025-079703"))).toBe(true);
    expect(isKnownAppPath(transferInfoPath("fund", "30882120230006-010014"))).toBe(true);
  });
});
