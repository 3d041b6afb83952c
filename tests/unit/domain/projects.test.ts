import { describe, expect, it } from "vitest";
import { bidCreateSchema, computeProgress, diffRows, fundingReceived, projectCreateSchema, workPlanDifference } from "@/domain/projects";

const etapa = (id: number, value: string | null, endDate: string | null = null) => ({ id, kind: "ETAPA" as const, value, endDate });
const meta = (id: number) => ({ id, kind: "META" as const, value: null, endDate: null });

describe("computeProgress", () => {
  it("is zero with no work plan and no executions, and points the deadline at the project's end", () => {
    expect(computeProgress({ totalValue: "1000.00", endDate: "2026-12-31", items: [], executions: [] })).toMatchObject({ physical: 0, financial: 0, workPlanValue: "0.00", executedValue: "0.00", nextDeadline: "2026-12-31" });
  });

  it("weighs each etapa's executed share by its value, ignoring metas", () => {
    const progress = computeProgress({
      totalValue: "1000.00",
      items: [meta(1), etapa(2, "750.00", "2026-03-01"), etapa(3, "250.00", "2026-06-01")],
      executions: [
        { workPlanItemId: 2, physicalPct: "40", amount: "300.00" },
        { workPlanItemId: 3, physicalPct: "100.00", amount: "250.00" },
      ],
    });
    // 0.75 × 40% + 0.25 × 100% = 55%
    expect(progress.physical).toBe(55);
    expect(progress.financial).toBe(55);
    expect(progress.executedPct.get(2)).toBe(40);
    expect(progress.nextDeadline).toBe("2026-03-01");
  });

  it("counts etapas equally when none has a value, and caps each etapa at 100%", () => {
    const progress = computeProgress({
      totalValue: "0",
      items: [etapa(1, "0"), etapa(2, "0")],
      executions: [
        { workPlanItemId: 1, physicalPct: "70", amount: "0" },
        { workPlanItemId: 1, physicalPct: "60", amount: "0" },
      ],
    });
    expect(progress.physical).toBe(50);
    expect(progress.financial).toBe(0);
  });

  it("reaches 100% physical with no open deadline once every etapa is done; financial never passes 100%", () => {
    const progress = computeProgress({
      totalValue: "100.00",
      endDate: "2026-12-31",
      items: [etapa(1, "60.00", "2026-02-01"), etapa(2, "40.00", "2026-04-01")],
      executions: [
        { workPlanItemId: 1, physicalPct: "100", amount: "80.00" },
        { workPlanItemId: 2, physicalPct: "100", amount: "40.00" },
      ],
    });
    expect(progress).toMatchObject({ physical: 100, financial: 100, executedValue: "120.00", nextDeadline: null });
  });

  it("rounds to two decimals without drifting on cents", () => {
    const progress = computeProgress({ totalValue: "0.30", items: [etapa(1, "0.10"), etapa(2, "0.20")], executions: [{ workPlanItemId: 1, physicalPct: "33.33", amount: "0.10" }] });
    expect(progress.workPlanValue).toBe("0.30");
    expect(progress.physical).toBe(11.11);
    expect(progress.financial).toBe(33.33);
  });

  it("tells how far the etapas' total is from the project's value", () => {
    expect(workPlanDifference({ totalValue: "1000.00", workPlanValue: "900.50" })).toBe(-9950);
    expect(workPlanDifference({ totalValue: "1000.00", workPlanValue: "1000.00" })).toBe(0);
  });
});

describe("history diffs", () => {
  it("lists the fields that changed with from and to, never bookkeeping or computed fields", () => {
    const before = { id: 1, version: 1, updatedAt: new Date(0), title: "A", status: "PLANEJAMENTO", physicalProgress: "0.00", endDate: null };
    const after = { id: 1, version: 2, updatedAt: new Date(1), title: "A", status: "EXECUCAO", physicalProgress: "10.00", endDate: "2026-01-01" };
    expect(diffRows(before, after)).toEqual([
      { field: "status", from: "PLANEJAMENTO", to: "EXECUCAO" },
      { field: "endDate", from: null, to: "2026-01-01" },
    ]);
    expect(diffRows(undefined, { id: 2, title: "B", notes: null })).toEqual([{ field: "title", from: null, to: "B" }]);
    expect(diffRows({ id: 2, title: "B", notes: null }, undefined)).toEqual([{ field: "title", from: "B", to: null }]);
  });
});

describe("funding received", () => {
  it("gives a transfer source its share of what the transfer paid, any other source its amount", () => {
    expect(fundingReceived({ kind: "VOLUNTARY", amount: "500.00", transferValue: "1000.00", transferPaid: "600.00" })).toBe(300);
    expect(fundingReceived({ kind: "IMPOSITION", amount: "500.00", transferValue: "0", transferPaid: "0" })).toBe(0);
    expect(fundingReceived({ kind: "OWN", amount: "120.50", transferValue: null, transferPaid: null })).toBe(120.5);
  });
});

describe("project and bid input", () => {
  it("refuses an end before the start and a winner with an invalid CNPJ, in pt-BR", () => {
    const project = projectCreateSchema.safeParse({ title: "X", object: "Y", totalValue: 10, startDate: "2026-05-01", endDate: "2026-04-01" });
    expect(project.success).toBe(false);
    expect(project.error?.issues[0]).toMatchObject({ path: ["endDate"], message: "O término não pode ser antes do início." });
    const bid = bidCreateSchema.safeParse({ projectId: 1, number: "1/2026", modality: "DISPENSA", winnerCnpj: "11.111.111/1111-11", winnerName: "Fornecedor" });
    expect(bid.error?.issues.map((i) => i.message)).toContain("CNPJ inválido. Confira os 14 caracteres e os dígitos verificadores.");
  });
});
