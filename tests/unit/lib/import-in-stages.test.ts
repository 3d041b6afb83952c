import { describe, expect, it } from "vitest";
import { importInStages } from "@/lib/import-in-stages";

describe("importing a large module in stages", () => {
  it("runs each stage, then the module, each in a task of its own and in order", async () => {
    const order: string[] = [];
    let task = 0;
    const ticker = setInterval(() => (task += 1), 0);
    const stage = (name: string) => async () => {
      order.push(`${name}@${task}`);
    };
    const tasksOf = () => order.map((entry) => Number(entry.split("@")[1]));
    const module = await importInStages([stage("zod"), stage("texts")], async () => {
      order.push(`app@${task}`);
      return { default: "App" };
    });
    clearInterval(ticker);
    expect(module).toEqual({ default: "App" });
    expect(order.map((entry) => entry.split("@")[0])).toEqual(["zod", "texts", "app"]);
    const [zod, texts, app] = tasksOf();
    expect(texts).toBeGreaterThan(zod);
    expect(app).toBeGreaterThan(texts);
  });

  it("stops at a stage that fails, so that the app's loader reports it (a file lost to a deploy)", async () => {
    let imported = false;
    const lost = () => Promise.reject(new Error("Failed to fetch dynamically imported module"));
    await expect(
      importInStages([lost], async () => {
        imported = true;
        return {};
      }),
    ).rejects.toThrow("Failed to fetch");
    expect(imported).toBe(false);
  });
});
