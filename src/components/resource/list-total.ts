import type { TablePaginationConfig } from "antd";

/**
 * The list footer's total when the server stopped counting (X-Total-Count-Capped, issue 36 item 6):
 * "mais de 1.000 registros" instead of a number nobody counted. An exact total keeps antd's pager as is.
 */
export function cappedTotalText(total: number): string {
  return `mais de ${total.toLocaleString("pt-BR")} registros`;
}

/** Whether a list answer (the data provider's getList) carries a capped total. */
export const isCapped = (answer: unknown): boolean => Boolean((answer as { capped?: unknown } | undefined)?.capped);

/** The table's pagination, saying "mais de 1.000 registros" when the total is capped. */
export function withCappedTotal(pagination: TablePaginationConfig | false | undefined, answer: unknown): TablePaginationConfig | false | undefined {
  if (!pagination || !isCapped(answer)) return pagination;
  return { ...pagination, showTotal: (total) => cappedTotalText(total) };
}
