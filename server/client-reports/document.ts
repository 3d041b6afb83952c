import type { ClientReportData } from "../../src/domain/client-reports";
import { codeLabels } from "../../src/domain/labels/codes";
import type { RegularityStatus } from "../../src/domain/regularity";
import { brDate } from "../lib/export";
import { renderPdf } from "../lib/pdf";

/**
 * The monthly report as a PDF (pdfmake, A4 portrait, standard Helvetica), drawn only from its JSON
 * twin: the document shows exactly the figures stored with it.
 */

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const money = (value: string | null) => (value === null ? "—" : brl.format(Number(value)));
const day = (value: string | null) => (value ? brDate(value) : "—");
const moment = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" });
const momentOf = (iso: string | null) => (iso ? moment.format(new Date(iso)) : "nunca");

type Cell = string | { text: string; bold?: boolean; color?: string; alignment?: string };

function table(headers: string[], rows: Cell[][], widths?: (string | number)[], empty = "Nada a relatar.") {
  if (rows.length === 0) return { text: empty, italics: true, color: "#555555", margin: [0, 0, 0, 4] };
  return {
    table: { headerRows: 1, widths: widths ?? headers.map(() => "*"), body: [headers.map((h) => ({ text: h, bold: true, fillColor: "#eeeeee" })), ...rows] },
    layout: "lightHorizontalLines",
    fontSize: 8,
  };
}
const right = (text: string): Cell => ({ text, alignment: "right" });
const late = (text: string, overdue: boolean): Cell => (overdue ? { text, color: "#cf1322", bold: true } : text);
const section = (title: string) => ({ text: title, style: "section" });

export function clientReportPdf(data: ClientReportData): Promise<Buffer> {
  const { money: m } = data;
  const moneyRows: Cell[][] = [
    ["Recebido (ordens bancárias e desembolsos)", right(money(m.month.received)), right(money(m.year.received))],
    ["Empenhado", right(money(m.month.committed)), right(money(m.year.committed))],
    ["Pago a fornecedores", right(money(m.month.paid)), right(money(m.year.paid))],
  ];
  const counts = Object.entries(data.cauc.counts)
    .map(([status, n]) => `${codeLabels.regularityStatuses[status as RegularityStatus] ?? status}: ${n}`)
    .join(" · ");
  return renderPdf({
    info: { title: `Relatório mensal — ${data.company.name} — ${data.monthLabel}`, creator: "SOL Transferências" },
    pageSize: "A4",
    pageMargins: [36, 40, 36, 40],
    defaultStyle: { fontSize: 9 },
    styles: { title: { fontSize: 16, bold: true }, section: { fontSize: 12, bold: true, margin: [0, 14, 0, 6] } },
    footer: (page: number, pages: number) => ({ text: `SOL Transferências · ${data.company.name} · ${data.monthLabel} · página ${page} de ${pages}`, alignment: "center", fontSize: 7, color: "#777777" }),
    content: [
      { text: "Relatório mensal de transferências", style: "title" },
      { text: `${data.company.name} (CNPJ ${data.company.cnpj}) — ${data.monthLabel}`, fontSize: 11, margin: [0, 4, 0, 0] },
      { text: `Gerado em ${momentOf(data.generatedAt)}. Situações lidas em ${day(data.today)}.`, color: "#666666", margin: [0, 2, 0, 0] },

      section("Recursos no mês e no ano"),
      table(["", `Em ${data.monthLabel}`, `Em ${data.month.slice(0, 4)} até o mês`], moneyRows, ["*", 120, 120]),

      section(`Emendas e convênios em aberto (${data.transfers.count})`),
      table(
        ["Tipo", "Número", "Objeto", "Etapa", "Previsto", "Recebido", "Fim"],
        data.transfers.rows.map((t) => [t.kind, t.key, t.title ?? "—", t.stage, right(money(t.plannedValue)), right(money(t.paidValue)), day(t.endsAt)]),
        [62, 62, "*", 60, 60, 60, 46],
      ),

      section("Prazos: atrasados e dos próximos 60 dias"),
      table(
        ["Tipo", "O quê", "Item", "Data", "Situação"],
        data.deadlines.map((d) => [d.kind, d.what, `${d.title}${d.reference ? ` [${d.reference}]` : ""}`, day(d.date), late(d.overdue ? `atrasado há ${-(d.daysLeft ?? 0)} dias` : d.daysLeft === null ? "sem prazo" : `em ${d.daysLeft} dias`, d.overdue)]),
        [56, 90, "*", 50, 80],
      ),

      section("CAUC (regularidade)"),
      { text: counts ? `Itens por situação: ${counts}` : "Nenhum item de regularidade registrado.", margin: [0, 0, 0, 4] },
      table(
        ["Código", "Item", "Situação", "Validade"],
        data.cauc.attention.map((c) => [c.code, c.label, c.status, day(c.validUntil)]),
        [50, "*", 70, 56],
        "Nenhum item irregular ou vencendo.",
      ),

      section("Prestação de contas"),
      table(
        ["Tipo", "Transferência", "Objeto", "Situação", "Prazo"],
        data.accountability.map((a) => [a.kind, a.transferKey ?? "—", a.title, a.status, late(day(a.dueDate), a.overdue)]),
        [80, 66, "*", 80, 56],
        "Nenhuma prestação de contas em aberto.",
      ),

      section("Avisos da LC 210/2024"),
      table(
        ["Transferência", "Objeto", "Situação", "Prazo", "Avisos enviados"],
        data.lc210.map((n) => [n.transferKey ?? "—", n.title, n.status, day(n.dueDate), right(String(n.sent))]),
        [66, "*", 80, 56, 50],
        "Nenhum aviso da LC 210 a acompanhar.",
      ),

      section("Riscos e providências"),
      table(
        ["Risco", "Motivo", "Prazo", "Valor", "Situação", "Responsável", "Último comentário"],
        data.risks.map((r) => [r.kind, r.reason, day(r.deadline), right(money(r.money)), r.state, r.owner ?? "—", r.lastComment ?? "—"]),
        [60, "*", 46, 50, 46, 56, 70],
        "Nenhum risco identificado.",
      ),

      section("Cobertura dos dados"),
      table(
        ["Fonte", "Última leitura", "Atualização da fonte", "O que não foi coletado e por quê"],
        data.coverage.map((c) => [c.label, momentOf(c.lastReadAt), c.sourceUpdatedAt ?? "—", c.problem ?? "Tudo coletado."]),
        [130, 70, 70, "*"],
      ),
    ],
  });
}
