import { describe, expect, it } from "vitest";
import { canMoveProposal, openWindows, type Program } from "@/domain/captacao";
import { todayInSaoPaulo } from "@/domain/dates";

const SJC = { uf: "SP", cnpj: "46643466000106" };
const program = (extra: Partial<Program> = {}) =>
  ({
    situation: "DISPONIBILIZADO",
    enabledUfs: ["SP"],
    beneficiaryCnpjs: [],
    voluntaryStart: "2026-03-01",
    voluntaryEnd: "2026-03-20",
    amendmentStart: null,
    amendmentEnd: null,
    specificStart: null,
    specificEnd: null,
    ...extra,
  }) as Program;

describe("the radar's rule: which windows are open to a municipality", () => {
  it("opens on the first day and stays open through the last day, with 0 days left on it", () => {
    expect(openWindows(program(), SJC, "2026-02-28")).toEqual([]);
    expect(openWindows(program(), SJC, "2026-03-01")).toEqual([{ kind: "voluntary", start: "2026-03-01", end: "2026-03-20", daysLeft: 19 }]);
    expect(openWindows(program(), SJC, "2026-03-20")[0].daysLeft).toBe(0);
    expect(openWindows(program(), SJC, "2026-03-21")).toEqual([]);
  });

  it("reads today in São Paulo: 23:30 there is still the day before in UTC's tomorrow", () => {
    expect(todayInSaoPaulo(Date.parse("2026-03-21T02:30:00Z"))).toBe("2026-03-20");
    expect(todayInSaoPaulo(Date.parse("2026-03-21T03:00:00Z"))).toBe("2026-03-21");
    expect(openWindows(program(), SJC, todayInSaoPaulo(Date.parse("2026-03-21T02:59:00Z")))).toHaveLength(1);
  });

  it("is closed where the UF is not enabled, to a municipality without UF, and when the program is inactive", () => {
    expect(openWindows(program({ enabledUfs: ["MG", "RJ"] }), SJC, "2026-03-10")).toEqual([]);
    expect(openWindows(program(), { uf: null, cnpj: SJC.cnpj }, "2026-03-10")).toEqual([]);
    expect(openWindows(program({ situation: "INATIVO" }), SJC, "2026-03-10")).toEqual([]);
    expect(openWindows(program({ situation: "CADASTRADO" }), SJC, "2026-03-10")).toHaveLength(1);
  });

  it("opens amendment and specific-beneficiary windows only to municipalities named beneficiaries, nearest closing first", () => {
    const p = program({ amendmentStart: "2026-03-05", amendmentEnd: "2026-03-12", specificStart: "2026-03-01", specificEnd: "2026-04-30" });
    expect(openWindows(p, SJC, "2026-03-10").map((w) => w.kind)).toEqual(["voluntary"]);
    const named = { ...p, beneficiaryCnpjs: [SJC.cnpj] };
    expect(openWindows(named, SJC, "2026-03-10").map((w) => [w.kind, w.daysLeft])).toEqual([
      ["amendment", 2],
      ["voluntary", 10],
      ["specific", 51],
    ]);
  });
});

describe("a proposal's status flow", () => {
  it("moves only along the SICONV analysis and never out of a final status", () => {
    expect(canMoveProposal("CADASTRADA", "ENVIADA_ANALISE")).toBe(true);
    expect(canMoveProposal("CADASTRADA", "APROVADA")).toBe(false);
    expect(canMoveProposal("COMPLEMENTACAO_ENVIADA", "EM_ANALISE")).toBe(true);
    expect(canMoveProposal("REJEITADA", "EM_ANALISE")).toBe(false);
    expect(canMoveProposal("CONVENIADA", "CONVENIADA")).toBe(true);
  });
});
