import { describe, expect, it } from "vitest";
import { compareRisks, RISK_KINDS } from "@/domain/risks";
import { rankRisks } from "../../../server/risks/handling";

/** A small deterministic generator, so a failure names the same items every run. */
function pseudoRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe("the risk queue's ranking", () => {
  it("orders items exactly as compareRisks does, ties on money and days included, whatever the input order", () => {
    const next = pseudoRandom(33);
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)];
    const items = Array.from({ length: 400 }, (_, i) => {
      const daysLeft = pick([null, -40, -1, 0, 3, 7, 8, 30, 31, 200]);
      return {
        key: `${pick(RISK_KINDS)}:${pick([1, 2, 10, 12, 100, i])}${pick(["", "-transferencias", "-Especiais"])}`,
        kind: pick(RISK_KINDS),
        companyId: pick([1, 2, 3]),
        daysLeft,
        overdue: daysLeft !== null && daysLeft < 0 ? true : next() < 0.1,
        money: pick([null, "0.00", "10.50", "1000", "1000.00", "250000.99"]),
      };
    });
    expect(rankRisks(items)).toEqual([...items].sort(compareRisks));
    // Full ties (one key in two clients) keep their input order in both, as a stable sort does.
    const reversed = [...items].reverse();
    expect(rankRisks(reversed)).toEqual([...reversed].sort(compareRisks));
  });
});
