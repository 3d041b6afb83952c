import { afterEach, describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { useDropFirstPaint } from "@/lib/first-paint";
import { ErrorPage } from "@/components/error-page";
import type { DashboardSummary } from "@/domain/dashboard";
import { dashboardFirstPaint } from "../../../server/dashboard/first-paint";

const TOTALS: DashboardSummary["totals"] = [
  { kind: "imposition", year: 2025, count: 1, active: 1, plannedValue: "1000.25", committedValue: null, paidValue: null },
  { kind: "imposition", year: 2024, count: 1, active: 0, plannedValue: "500.25", committedValue: null, paidValue: null },
];

/** The figures as the server writes them after the app's root. */
function paintFigures() {
  document.body.insertAdjacentHTML("beforeend", dashboardFirstPaint({ totals: TOTALS }));
}
const painted = () => document.querySelectorAll("[data-first-paint]").length;

function Page({ drawn }: { drawn: boolean }) {
  useDropFirstPaint(drawn);
  return drawn ? <p>R$ 1.500,50</p> : <p>carregando</p>;
}

afterEach(() => {
  document.querySelectorAll("[data-first-paint]").forEach((element) => element.remove());
  document.documentElement.removeAttribute("data-first-paint-done");
});

describe("the figures the server painted with the HTML", () => {
  it("show each kind's planned amount over every year in pt-BR money", () => {
    const html = dashboardFirstPaint({ totals: TOTALS });
    expect(html).toContain("Transferências especiais");
    expect(html).toMatch(/R\$\s1\.500,50/);
    expect(html).toMatch(/Fundo a fundo<\/div><div class="first-paint__label">Previsto<\/div><div class="first-paint__value">R\$\s0,00/);
  });

  it("stay while the page shows its spinner and go in the commit that draws the page's own figures", () => {
    paintFigures();
    const page = render(<Page drawn={false} />);
    expect(painted()).toBe(1);
    page.rerender(<Page drawn />);
    expect(painted()).toBe(0);
    expect(page.getByText("R$ 1.500,50")).toBeTruthy();
  });

  it("never cover an error screen", () => {
    paintFigures();
    render(<ErrorPage status={500} />);
    expect(painted()).toBe(0);
  });

  it("arriving after the page drew its own (the stream's last part came late) stay hidden behind it", () => {
    const page = render(<Page drawn />);
    expect(page.getByText("R$ 1.500,50")).toBeTruthy();
    paintFigures();
    expect(document.documentElement.hasAttribute("data-first-paint-done")).toBe(true);
    // Their own style rule hides them once the app has marked the page as drawn.
    expect(dashboardFirstPaint({ totals: TOTALS })).toContain("html[data-first-paint-done] .first-paint{display:none}");
    expect(getComputedStyle(document.querySelector(".first-paint")!).display).toBe("none");
  });
});
