import { describe, expect, it } from "vitest";
import { streamedHtml } from "../../../server/spa";

const HTML = '<html><head><link rel="modulepreload" href="/assets/App.js" /></head><body><div id="root">Carregando…</div></body></html>';

async function collect(parts: AsyncGenerator<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const part of parts) out.push(part);
  return out;
}

describe("an HTML whose last part waits for the database", () => {
  it("sends the head and the boot screen before the late markup is even asked for, then the markup, then the end", async () => {
    let asked = false;
    const parts = streamedHtml(HTML, async () => {
      asked = true;
      return '<div data-first-paint="">R$ 1,00</div>';
    });
    const first = await parts.next();
    expect(first.value).toBe('<html><head><link rel="modulepreload" href="/assets/App.js" /></head><body><div id="root">Carregando…</div>');
    expect(asked).toBe(false);
    expect((await collect(parts)).join("")).toBe('<div data-first-paint="">R$ 1,00</div>\n</body></html>');
    expect(asked).toBe(true);
  });

  it("ends as the plain page when the late markup fails or has nothing", async () => {
    expect((await collect(streamedHtml(HTML, () => Promise.reject(new Error("banco fora do ar"))))).join("")).toBe(HTML);
    expect((await collect(streamedHtml(HTML, async () => undefined))).join("")).toBe(HTML);
  });
});
