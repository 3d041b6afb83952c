import { BaseSequencer, type TestSpecification } from "vitest/node";
import { HEAVY_FILES, balancedShards, weightOf } from "./api-weights.ts";

const fileName = (spec: TestSpecification) => spec.moduleId.split(/[\\/]/).pop() ?? spec.moduleId;
const isHeavyApiFile = (spec: TestSpecification) => spec.project.name === "api" && fileName(spec) in HEAVY_FILES;

export default class ApiSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard ?? { index: 1, count: 1 };
    return balancedShards(files, fileName, count)[index - 1];
  }

  /**
   * Vitest's order (projects one after another; within one, cached timings, else size), with the API
   * project's known heavy files moved to the front of that project's files, heaviest first.
   */
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const firstApi = sorted.findIndex((spec) => spec.project.name === "api");
    if (firstApi === -1) return sorted;
    const heavy = sorted.filter(isHeavyApiFile).sort((a, b) => weightOf(fileName(b)) - weightOf(fileName(a)));
    const rest = sorted.filter((spec) => !isHeavyApiFile(spec));
    return [...rest.slice(0, firstApi), ...heavy, ...rest.slice(firstApi)];
  }
}
