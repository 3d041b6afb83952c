import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { MarkdownView } from "@/components/markdown";

describe("a blog post's Markdown", () => {
  it("renders a body with <script>, onerror= and javascript: links inert", () => {
    const hostile = [
      "# Título",
      "",
      "<script>window.__pwned = true</script>",
      "",
      '<img src="x" onerror="window.__pwned = true">',
      "",
      "[clique](javascript:window.__pwned=true)",
      "",
      "Texto com **negrito**.",
    ].join("\n");
    const { container } = render(<MarkdownView source={hostile} />);
    expect(container.querySelector("h1")?.textContent).toBe("Título");
    expect(container.querySelector("strong")?.textContent).toBe("negrito");
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("[onerror]")).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|<script|javascript:/i);
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it("opens links in a new tab without giving the page to the opened site", () => {
    const { container } = render(<MarkdownView source="[Transferegov](https://www.gov.br/transferegov/pt-br)" />);
    const link = container.querySelector("a")!;
    expect(link.getAttribute("href")).toBe("https://www.gov.br/transferegov/pt-br");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });
});
