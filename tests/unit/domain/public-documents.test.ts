import { describe, expect, it } from "vitest";
import { publicDocument } from "@/domain/public-documents";
import { councillorYears } from "@/domain/councillor-totals";

describe("publicDocument", () => {
  it("masks a person's CPF to its six middle digits, with or without punctuation", () => {
    expect(publicDocument("52998224725")).toBe("***.982.247-**");
    expect(publicDocument("529.982.247-25")).toBe("***.982.247-**");
  });
  it("keeps a company's CNPJ, which is public, as its digits", () => {
    expect(publicDocument("11.222.333/0001-81")).toBe("11222333000181");
  });
  it("answers null for no document", () => {
    expect(publicDocument(null)).toBeNull();
    expect(publicDocument("")).toBeNull();
  });
});

describe("councillorYears", () => {
  it("folds the rows per stage into one row per councillor and year, most recent year first, without drifting cents", () => {
    const rows = councillorYears([
      { authorName: "Ana Souza", authorParty: "PSB", year: 2025, stage: "PAGA", count: 1, value: "100000.10", paidValue: "100000.10" },
      { authorName: "Ana Souza", authorParty: "PSB", year: 2026, stage: "INDICADA", count: 2, value: "0.10", paidValue: "0.00" },
      { authorName: "Ana Souza", authorParty: "PSB", year: 2026, stage: "PAGA", count: 1, value: "0.20", paidValue: "0.20" },
      { authorName: "Bruno Lima", authorParty: "PL", year: 2026, stage: "APROVADA", count: 3, value: "45000.00", paidValue: "0.00" },
    ]);
    expect(rows.map((r) => [r.year, r.authorName])).toEqual([
      [2026, "Ana Souza"],
      [2026, "Bruno Lima"],
      [2025, "Ana Souza"],
    ]);
    expect(rows[0]).toMatchObject({ count: 3, valueCents: 30, paidCents: 20, stages: { INDICADA: 2, PAGA: 1 } });
  });
});
