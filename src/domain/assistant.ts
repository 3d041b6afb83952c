import { z } from "zod";

/** The SOL assistant's fixed texts and limits (spec sections 2 and 5), shared by the widget and the server. */
export const ASSISTANT_TEXTS = {
  title: "SOL - Agente Inteligente",
  welcome: "Bem-vindo(a)!",
  tooltip: "Olá 👋!",
  startButton: "Começar Chat",
  starterPrompts: ["O que posso perguntar para você?", "Qual o último pagamento realizado?", "Quais transferêcias estão ativas?"],
  maxCharsWarning: "Você excedeu o limite de 300 caracteres. Digite uma mensagem menor!",
  /** The floating button's name for a screen reader (the widget draws it as an icon without one). */
  openButton: "Conversar com o SOL - Agente Inteligente",
  /** Heading of the questions offered after each answer (the widget's own is in English). */
  followUpTitle: "Sugestões",
} as const;

export const ASSISTANT_MAX_CHARS = 300;
export const ASSISTANT_WINDOW = { width: 400, height: 700, fontSize: 16 } as const;

/** Variables the chatflow receives (spec section 2): the active company's CNPJ and 'Prefeitura de' + its name. */
export interface AssistantVars {
  cnpj: string;
  proponente: string;
}

export function assistantVars(company: { cnpj: string; name: string | null } | null): AssistantVars {
  return { cnpj: company?.cnpj ?? "", proponente: company?.name ? `Prefeitura de ${company.name}` : "" };
}

/**
 * The var the widget adds when an ADMIN has "Todos os clientes" chosen (no company): the assistant
 * then answers about the consultancy's whole portfolio (issue 33 item 5). Without it, an empty cnpj
 * still means "no client named" and the assistant asks for one.
 */
export const ALL_CLIENTS = "todos";

export function portfolioVars(): AssistantVars & { clientes: typeof ALL_CLIENTS } {
  return { ...assistantVars(null), clientes: ALL_CLIENTS };
}

/** The widget's prediction request (flowise-embed's POST /api/v1/prediction/{chatflowId}). */
export const predictionRequestSchema = z.object({
  question: z.string().trim().min(1, "Digite uma pergunta.").max(ASSISTANT_MAX_CHARS, ASSISTANT_TEXTS.maxCharsWarning),
  chatId: z.string().max(200).optional(),
  streaming: z.boolean().optional(),
  overrideConfig: z
    .object({ vars: z.object({ cnpj: z.string().max(32).optional(), proponente: z.string().max(300).optional(), clientes: z.string().max(20).optional() }).loose().optional() })
    .loose()
    .optional(),
}).loose();

export type PredictionRequest = z.infer<typeof predictionRequestSchema>;

/** The three kinds of transfer the assistant answers about (tables imposition_transfers, voluntary_transfers, fund_transfer_plans). */
export const TRANSFER_KIND_CODES = ["imposition", "voluntary", "fund"] as const;
export type TransferKindCode = (typeof TRANSFER_KIND_CODES)[number];

/** The admin screens that list each kind (src/domain/routes.ts). */
export const TRANSFER_SCREENS: Record<TransferKindCode, string> = {
  imposition: "/admin/transactions-imposition",
  voluntary: "/admin/transactions-voluntary",
  fund: "/admin/transactions-fund-to-fund",
};

/** A filter of a transfer list as its screen keeps it in the URL (Refine's CrudFilter). */
export interface ListFilter {
  field: string;
  operator: "eq" | "in" | "contains" | "gte" | "lte";
  value: string | number | readonly string[];
}

export interface ListSorter {
  field: string;
  order: "asc" | "desc";
}

/** Encodes a URL value so that it also survives inside a Markdown link (parentheses included). */
const encodeValue = (value: string | number) => encodeURIComponent(String(value)).replace(/\(/g, "%28").replace(/\)/g, "%29");

/**
 * The query string a transfer list reads its filters and sort from: the list screens use Refine's
 * `syncWithLocation`, which keeps `filters[i][field|operator|value]` and `sorters[i][field|order]`
 * in the URL (qs, indices format); an `in` filter lists its values as `value[j]`.
 */
export function listQuery(filters: readonly ListFilter[], sorters: readonly ListSorter[] = []): string {
  const parts: string[] = [];
  filters.forEach((filter, i) => {
    parts.push(`filters[${i}][field]=${encodeValue(filter.field)}`, `filters[${i}][operator]=${filter.operator}`);
    if (Array.isArray(filter.value)) (filter.value as readonly string[]).forEach((value, j) => parts.push(`filters[${i}][value][${j}]=${encodeValue(value)}`));
    else parts.push(`filters[${i}][value]=${encodeValue(filter.value as string | number)}`);
  });
  sorters.forEach((sorter, i) => parts.push(`sorters[${i}][field]=${encodeValue(sorter.field)}`, `sorters[${i}][order]=${sorter.order}`));
  return parts.join("&");
}

/** A transfer's screen (info/{NR_TRANSFER} or info/{codPlan}). */
export function transferInfoPath(kind: TransferKindCode, key: string): string {
  return `${TRANSFER_SCREENS[kind]}/info/${encodeURIComponent(key)}`;
}

/** A transfer's payments screen (fund-to-fund plans have none). */
export function transferPaymentsPath(kind: Exclude<TransferKindCode, "fund">, key: string): string {
  return `${transferInfoPath(kind, key)}/transaction-payment`;
}
