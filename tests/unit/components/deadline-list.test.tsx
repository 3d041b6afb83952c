import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { Refine } from "@refinedev/core";
import type { DeadlineItem } from "@/domain/deadlines";
import { DeadlineList } from "@/components/alert-bell/deadline-list";
import { i18nProvider } from "@/providers/i18n";
import { routerProvider } from "@/admin/router-provider";

const TITLE = "Aquisição de equipamentos e mobiliário para a unidade básica de saúde do distrito de Santa Luzia";

const items: DeadlineItem[] = Array.from({ length: 15 }, (_, i) => ({
  key: `validity:voluntary:${i + 1}`,
  kind: "validity",
  title: `${TITLE} (${i + 1})`,
  reference: `9${String(i).padStart(5, "0")}/2025`,
  what: "Fim da vigência",
  date: "2026-12-20",
  daysLeft: 23,
  overdue: false,
  status: null,
  path: `/admin/transactions-voluntary/show/${i + 1}`,
}));

afterEach(() => vi.restoreAllMocks());

describe("the deadline list", () => {
  it("cuts each long title to one line with the whole title on hover, without measuring any element after rendering", () => {
    // antd's Typography `ellipsis` measured each title (a forced layout per deadline): 90 ms of a phone's dashboard load.
    const measure = vi.spyOn(Element.prototype, "getBoundingClientRect");
    render(
      <MemoryRouter>
        <Refine i18nProvider={i18nProvider} routerProvider={routerProvider}>
          <DeadlineList items={items} emptyText="Nada" max={15} />
        </Refine>
      </MemoryRouter>,
    );
    const title = screen.getByText(`${TITLE} (15)`);
    expect(title).toHaveClass("line-ellipsis");
    expect(title).toHaveAttribute("title", `${TITLE} (15)`);
    expect(measure).not.toHaveBeenCalled();
  });
});
