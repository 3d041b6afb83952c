import { describe, expect, it } from "vitest";
import { compareRisks, riskBand, riskQueuePage, riskQueueQuerySchema, riskStateSchema, workPlanSettled } from "@/domain/risks";

describe("the risk queue's rules", () => {
  it("reads a plan's situation as the source writes it, code or label, accents or not", () => {
    expect(workPlanSettled("Aprovado")).toBe("approved");
    expect(workPlanSettled("APROVADO")).toBe("approved");
    expect(workPlanSettled("Concluído")).toBe("approved");
    expect(workPlanSettled("CONCLUIDO_NT_TCU")).toBe("approved");
    expect(workPlanSettled("Legado ADPF 854 STF / NT - TCU")).toBe("approved");
    expect(workPlanSettled("Reprovado")).toBe("rejected");
    expect(workPlanSettled("Em complementação")).toBeNull();
    expect(workPlanSettled("Enviado para análise")).toBeNull();
    expect(workPlanSettled(null)).toBeNull();
  });

  it("ranks late or within a week first, then the month, then later, then undated; more money first inside a band", () => {
    const item = (key: string, daysLeft: number | null, money: string | null, overdue = false) => ({ key, daysLeft, money, overdue });
    const ranked = [item("d", null, "9000000"), item("c", 40, "1"), item("b", 20, "5"), item("a2", 3, "10"), item("a1", -5, "100", true), item("a3", 6, null)].sort(compareRisks);
    expect(ranked.map((i) => i.key)).toEqual(["a1", "a2", "a3", "b", "c", "d"]);
    expect(riskBand({ overdue: true, daysLeft: -1 })).toBe(0);
    expect(riskBand({ overdue: false, daysLeft: 30 })).toBe(1);
    expect(riskBand({ overdue: false, daysLeft: null })).toBe(3);
  });

  it("parses the queue's filters from the query string, refusing unknown codes in pt-BR", () => {
    expect(riskQueueQuerySchema.parse({ companyIds: "3,1,3", kind: "cauc,lc210", owner: "none" })).toMatchObject({ companyIds: [3, 1], kind: ["cauc", "lc210"], owner: "none", limit: 500 });
    expect(riskQueueQuerySchema.safeParse({ kind: "cauc,nada" }).error?.issues[0].message).toBe("Tipo de risco inválido.");
    expect(riskQueueQuerySchema.safeParse({ companyIds: "1,x" }).success).toBe(false);
    expect(riskStateSchema.safeParse({ keys: ["lc210:4", "work-plan:9", "sync:3-especiais"], state: "DONE" }).success).toBe(true);
    expect(riskStateSchema.safeParse({ keys: ["<script>"], state: "DONE" }).success).toBe(false);
  });

  it("takes a page as _start/_end like the other lists, and the first `limit` items when no _end is given", () => {
    expect(riskQueuePage(riskQueueQuerySchema.parse({}))).toEqual({ offset: 0, limit: 500 });
    expect(riskQueuePage(riskQueueQuerySchema.parse({ _start: "50", _end: "100" }))).toEqual({ offset: 50, limit: 50 });
    expect(riskQueuePage(riskQueueQuerySchema.parse({ _end: "20" }))).toEqual({ offset: 0, limit: 20 });
    expect(riskQueuePage(riskQueueQuerySchema.parse({ _start: "10", limit: "5" }))).toEqual({ offset: 10, limit: 5 });
    for (const bad of [{ _start: "5", _end: "5" }, { _start: "9", _end: "3" }, { _end: "1001" }, { _start: "-1" }, { _end: "x" }]) {
      expect(riskQueueQuerySchema.safeParse(bad).error?.issues[0].message, JSON.stringify(bad)).toMatch(/^Página inválida/);
    }
  });
});
