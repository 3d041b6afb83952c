import { describe, expect, it } from "vitest";
import { readdirSync } from "node:fs";
import path from "node:path";
import { HEAVY_FILES, LIGHT_FILE_SECONDS, balancedShards, weightOf } from "../../support/api-weights";

const apiFiles = readdirSync(path.resolve(import.meta.dirname, "../../api")).filter((name) => name.endsWith(".test.ts"));
const seconds = (files: string[]) => files.reduce((sum, name) => sum + weightOf(name), 0);

describe("the API suite's shards", () => {
  it("cover every API test file exactly once, whatever the number of shards", () => {
    for (const count of [1, 2, 3]) {
      const shards = balancedShards(apiFiles, (name) => name, count);
      expect(shards).toHaveLength(count);
      expect(shards.flat().sort()).toEqual([...apiFiles].sort());
    }
  });

  it("give the two halves about the same work, the heaviest file alone against many light ones", () => {
    const [first, second] = balancedShards(apiFiles, (name) => name, 2);
    expect(Math.abs(seconds(first) - seconds(second))).toBeLessThanOrEqual(Math.max(...Object.values(HEAVY_FILES)) / 4);
    expect(first.filter((name) => name in HEAVY_FILES).length).toBeGreaterThan(0);
    expect(second.filter((name) => name in HEAVY_FILES).length).toBeGreaterThan(0);
  });

  it("deal the same files the same way in every process, so shard 1/2 and 2/2 of one run never overlap", () => {
    const shuffled = [...apiFiles].reverse();
    expect(balancedShards(shuffled, (name) => name, 2)).toEqual(balancedShards(apiFiles, (name) => name, 2));
  });

  it("name only files that exist, so a renamed heavy file does not silently lose its place at the front", () => {
    expect(Object.keys(HEAVY_FILES).filter((name) => !apiFiles.includes(name))).toEqual([]);
    expect(weightOf("a-new-file.test.ts")).toBe(LIGHT_FILE_SECONDS);
  });
});
