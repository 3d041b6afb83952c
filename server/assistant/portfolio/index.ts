import { screenUrl } from "../../../src/domain/admin-screens";
import { transferInfoPath, type TransferKindCode } from "../../../src/domain/assistant";
import { codeLabels } from "../../../src/domain/labels/codes";
import { caucAcrossClients, impedimentRisks, lateLc210AcrossClients, overdueAccountabilityAcrossClients, workPlansKnown, portfolioParliamentarians, portfolioYearTotals } from "../areas";
import { caucItemName } from "../answerers/cauc";
import { asksAboutImpedimentRisk, RISK_SOURCE, riskLine, UNKNOWN_RISK } from "../answerers/risks";
import { KIND_NAMES, MEASURE_NAMES } from "../describe";
import { withCompany } from "../describe";
import type { Measure } from "../lexicon";
import { bulletList, formatDate, formatMoney, plural, titleCase } from "../text";
import type { AnswerLink, PortfolioAnswerer } from "../types";

/**
 * What the assistant answers with "Todos os clientes" chosen (issue 33 item 5): the consultancy's
 * portfolio. Each answer names the clients, and its links open the screen on each client.
 */

/** How many clients (or rows) an answer lists before saying how many more there are. */
const LISTED = 10;

/** A link to one client's screen (authComp of that client). */
const clientLink = (label: string, path: string, client: { companyId: number; cnpj: string }): AnswerLink => ({ label, path: withCompany(path, { id: client.companyId, cnpj: client.cnpj }) });

const more = (total: number, shown: number, what: string) => (total > shown ? `\n\n…e mais ${total - shown} ${what}.` : "");

export const portfolioCauc: PortfolioAnswerer = {
  id: "portfolio-cauc",
  example: "Quais clientes têm itens do CAUC vencendo ou pendentes?",
  match: (q) => (q.cues.has("cauc") ? 12 : 0),
  async answer({ db, today }) {
    const clients = await caucAcrossClients(db, today);
    const source = `itens de regularidade (CAUC e certidões) de todos os clientes em ${formatDate(today)}; "vencendo" = regular com validade dentro do prazo de aviso do CAUC de cada cliente`;
    if (!clients.length) return { text: "Nenhum cliente tem item do CAUC vencendo no seu prazo de aviso, nem itens irregulares ou a comprovar.", source };
    const line = (c: (typeof clients)[number]) => {
      const parts: string[] = [];
      if (c.expiring.length) parts.push(`${plural(c.expiring.length, "vencendo", "vencendo")} (${c.expiring.slice(0, 3).map((i) => `${caucItemName(i)} até ${formatDate(i.validUntil!)}`).join("; ")}${c.expiring.length > 3 ? "; …" : ""})`);
      if (c.pending.length) parts.push(`${plural(c.pending.length, "pendente", "pendentes")} (${c.pending.slice(0, 3).map((i) => `${i.code} ${codeLabels.regularityStatuses[i.status].toLowerCase()}`).join(", ")}${c.pending.length > 3 ? ", …" : ""})`);
      return `**${c.name}**: ${parts.join("; ")}`;
    };
    const expiring = clients.filter((c) => c.expiring.length).length;
    return {
      text: `**${plural(clients.length, "cliente", "clientes")}** com itens do CAUC a cuidar (${expiring} com itens vencendo no prazo de aviso, ${clients.filter((c) => c.pending.length).length} com itens irregulares ou a comprovar):\n\n${bulletList(clients.slice(0, LISTED).map(line))}${more(clients.length, LISTED, "clientes")}`,
      source,
      links: clients.slice(0, 3).map((c) => clientLink(`CAUC de ${c.name}`, screenUrl("regularity", "list"), { companyId: c.companyId, cnpj: c.cnpj })),
      followUps: ["Quais clientes têm prestação de contas vencida?", "Quais emendas estão em risco de impedimento?"],
    };
  },
};

export const portfolioAccountability: PortfolioAnswerer = {
  id: "portfolio-accountability",
  example: "Quais clientes têm prestação de contas vencida?",
  match: (q) => (q.cues.has("accountability") || q.deadlines.includes("accountability") ? 12 : 0),
  async answer({ db, today }) {
    const clients = await overdueAccountabilityAcrossClients(db, today);
    const source = `obrigações de prestação de contas e relatórios de gestão em aberto de todos os clientes, vencidas antes de ${formatDate(today)} (as da central de prazos de cada um)`;
    if (!clients.length) return { text: "Nenhum cliente tem prestação de contas ou relatório de gestão vencido em aberto.", source };
    const total = clients.reduce((acc, c) => acc + c.overdue.length, 0);
    const line = (c: (typeof clients)[number]) => {
      const oldest = c.overdue[0];
      return `**${c.name}**: ${plural(c.overdue.length, "vencida", "vencidas")}; a mais antiga, ${codeLabels.obligationKinds[oldest.kind].toLowerCase()} ${oldest.transferKey}, venceu em ${formatDate(oldest.dueDate!)}`;
    };
    return {
      text: `**${plural(clients.length, "cliente tem", "clientes têm")} prestação de contas vencida** (${plural(total, "obrigação", "obrigações")} em aberto):\n\n${bulletList(clients.slice(0, LISTED).map(line))}${more(clients.length, LISTED, "clientes")}`,
      source,
      links: clients.slice(0, 3).map((c) => clientLink(`Prestação de contas de ${c.name}`, screenUrl("accountability-obligations", "list"), c)),
      followUps: ["Quais clientes têm itens do CAUC vencendo ou pendentes?", "Quanto os clientes receberam este ano?"],
    };
  },
};

export const portfolioLc210: PortfolioAnswerer = {
  id: "portfolio-lc210",
  example: "Quais clientes têm comunicações da LC 210 atrasadas?",
  match: (q) => (q.cues.has("lc210") ? 13 : 0),
  async answer({ db, today }) {
    const clients = await lateLc210AcrossClients(db, today);
    const source = `comunicações da LC 210/2024 de todos os clientes (prazo de 30 dias), não enviadas aos três destinatários até ${formatDate(today)}`;
    if (!clients.length) return { text: "Nenhum cliente tem comunicação da LC 210 atrasada.", source };
    const total = clients.reduce((acc, c) => acc + c.overdue.length, 0);
    const line = (c: (typeof clients)[number]) => `**${c.name}**: ${plural(c.overdue.length, "atrasada", "atrasadas")}; a mais antiga, emenda ${c.overdue[0].transferKey}, venceu em ${formatDate(c.overdue[0].dueDate!)}`;
    return {
      text: `**${plural(clients.length, "cliente tem", "clientes têm")} comunicações da LC 210 atrasadas** (${plural(total, "emenda PIX", "emendas PIX")}):\n\n${bulletList(clients.slice(0, LISTED).map(line))}${more(clients.length, LISTED, "clientes")}`,
      source,
      links: clients.slice(0, 3).map((c) => clientLink(`Comunicações de ${c.name}`, screenUrl("accountability-obligations", "list"), c)),
      followUps: ["Quais clientes têm prestação de contas vencida?", "Quais emendas estão em risco de impedimento?"],
    };
  },
};

export const portfolioRisks: PortfolioAnswerer = {
  id: "portfolio-impediment-risk",
  example: "Quais emendas estão em risco de impedimento?",
  match: (q) => (asksAboutImpedimentRisk(q) ? 12 : 0),
  async answer({ db, today }) {
    const source = `${RISK_SOURCE}, todos os clientes`;
    // Nothing of the work plans read yet: a plan without a situation is unknown, not "not presented".
    const known = await workPlansKnown(db, null);
    const risks = known ? await impedimentRisks(db, null, today) : [];
    if (!risks.length) {
      return {
        text: known
          ? "Não encontrei emendas PIX em risco de impedimento em nenhum cliente: procurei, nas emendas em aberto, planos de trabalho não aprovados perto ou depois da data de impedimento do exercício, e não há nenhum."
          : `${UNKNOWN_RISK} de nenhum cliente.`,
        source,
      };
    }
    const clients = new Set(risks.map((r) => r.companyId)).size;
    const value = risks.reduce((acc, r) => acc + r.planned, 0);
    return {
      text: `**${plural(risks.length, "emenda PIX", "emendas PIX")} em risco de impedimento** em ${plural(clients, "cliente", "clientes")} (${formatMoney(value)}):\n\n${bulletList(risks.slice(0, LISTED).map((r) => riskLine(r, true)))}${more(risks.length, LISTED, "emendas")}`,
      source,
      links: risks.slice(0, 3).map((r) => clientLink(`Abrir ${r.key}`, transferInfoPath("imposition", r.key), r)),
      followUps: ["Quais clientes têm itens do CAUC vencendo ou pendentes?", "Quais clientes têm prestação de contas vencida?"],
    };
  },
};

export const portfolioParliamentariansAnswerer: PortfolioAnswerer = {
  id: "portfolio-parliamentarians",
  example: "Quais parlamentares mais destinaram recursos aos clientes?",
  match: (q) => (q.dimension === "parliamentarian" && !q.cues.has("municipal") ? 10 + (q.cues.has("rank") ? 1 : 0) : 0),
  async answer({ db, question: q }) {
    const rows = await portfolioParliamentarians(db, q.years);
    const limit = q.limit ?? 5;
    const period = q.years.length ? ` (${q.years.length === 1 ? q.years[0] : `${Math.min(...q.years)} a ${Math.max(...q.years)}`})` : "";
    const source = `relatório de captação de todos os clientes${period}: valor previsto das transferências captadas (sem as canceladas, impedidas, anuladas ou rescindidas)`;
    if (!rows.length) return { text: `Não encontrei transferências com parlamentar nos clientes${period}.`, source };
    return {
      text: `Parlamentares que mais destinaram recursos aos clientes${period}:\n\n${rows
        .slice(0, limit)
        .map((r, i) => `${i + 1}. **${titleCase(r.name)}**: ${formatMoney(r.value)} (${plural(r.count, "transferência", "transferências")})`)
        .join("\n")}`,
      source,
      links: [{ label: "Ver o relatório de captação", path: screenUrl("reports-fundraising", "list") }],
      followUps: ["Quanto os clientes receberam este ano?", "Quais emendas estão em risco de impedimento?"],
    };
  },
};

const KINDS: TransferKindCode[] = ["imposition", "voluntary", "fund"];
const COLUMNS: Record<Exclude<Measure, "toReceive">, "plannedValue" | "committedValue" | "paidValue"> = { planned: "plannedValue", committed: "committedValue", paid: "paidValue" };

export const portfolioReceived: PortfolioAnswerer = {
  id: "portfolio-received",
  example: "Quanto os clientes receberam este ano?",
  match: (q) => {
    const money = q.cues.has("howMuch") || q.measures.length > 0 || q.sent;
    // The dashboard's totals are per kind and year: a month or a situation is one client's question.
    return money && !q.cues.has("howMany") && !q.months.length && !q.situations.length ? 8 : 0;
  },
  async answer({ db, question: q, today }) {
    const year = q.years[0] ?? q.currentYear;
    const asked = q.measures[0] ?? "paid";
    const measure = asked === "toReceive" ? "paid" : asked;
    const rows = await portfolioYearTotals(db, today, year);
    const sum = (kind: TransferKindCode) => rows.filter((r) => r.kind === kind).reduce((acc, r) => acc + Number(r[COLUMNS[measure]] ?? 0), 0);
    const kinds = q.kinds.length ? KINDS.filter((kind) => q.kinds.includes(kind)) : KINDS;
    const count = rows.filter((r) => kinds.includes(r.kind)).reduce((acc, r) => acc + r.count, 0);
    const total = kinds.reduce((acc, kind) => acc + sum(kind), 0);
    const source = `painel de todos os clientes: transferências de ${year} (${plural(count, "transferência", "transferências")}); o recebido soma as ordens bancárias e desembolsos efetivados`;
    if (!count) return { text: `Não encontrei transferências de ${year} em nenhum cliente, então não há valor a somar.`, source };
    const label = MEASURE_NAMES[measure].label;
    const note = asked === "toReceive" ? "\n\n(Para o valor a receber de cada transferência, escolha um cliente.)" : "";
    return {
      text: `**${label} em ${year}${kinds.length === 1 ? ` (${KIND_NAMES[kinds[0]].screen.toLowerCase()})` : ""}, todos os clientes: ${formatMoney(total)}**\n\n${bulletList(kinds.map((kind) => `${KIND_NAMES[kind].screen}: ${formatMoney(sum(kind))}`))}${note}`,
      source,
      links: [{ label: "Ver o painel", path: screenUrl("dashboard", "list") }],
      followUps: ["Quais parlamentares mais destinaram recursos aos clientes?", "Quais clientes têm itens do CAUC vencendo ou pendentes?"],
    };
  },
};

const topics: PortfolioAnswerer[] = [portfolioCauc, portfolioAccountability, portfolioLc210, portfolioRisks, portfolioParliamentariansAnswerer, portfolioReceived];

/** The questions the portfolio answers, as the help and the fallback offer them. */
export const PORTFOLIO_EXAMPLES = topics.map((t) => t.example);

export const portfolioHelp: PortfolioAnswerer = {
  id: "portfolio-help",
  example: "O que posso perguntar para você?",
  match: (q) => (q.cues.has("help") ? 10 : q.cues.has("greeting") && q.lemmas.length <= 4 ? 5 : 0),
  async answer() {
    return {
      text: `Eu sou o SOL. Com "Todos os clientes" escolhido, respondo sobre a carteira inteira:\n\n${bulletList(PORTFOLIO_EXAMPLES)}\n\nPara perguntas de um município (pagamentos, convênios, CAUC, propostas, prestação de contas, LC 210, emendas de vereadores), escolha um cliente no topo da página.`,
      followUps: PORTFOLIO_EXAMPLES.slice(0, 3),
    };
  },
};

export const portfolioAnswerers: PortfolioAnswerer[] = [portfolioHelp, ...topics];

/** The answer to a question the portfolio does not answer: what it does answer, and how to ask about one client. */
export const PORTFOLIO_FALLBACK = `Com "Todos os clientes" escolhido, eu respondo sobre a carteira. Para essa pergunta, escolha um cliente no topo da página e pergunte de novo. Sobre a carteira, você pode perguntar:\n\n${bulletList(PORTFOLIO_EXAMPLES)}`;
