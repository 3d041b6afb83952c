import { z } from "zod";

/** The SOL assistant's fixed texts and limits (spec sections 2 and 5), shared by the widget and the server. */
export const ASSISTANT_TEXTS = {
  title: "SOL - Agente Inteligente",
  welcome: "Bem-vindo(a)!",
  tooltip: "Olá 👋!",
  startButton: "Começar Chat",
  starterPrompts: ["O que posso perguntar para você?", "Qual o último pagamento realizado?", "Quais transferêcias estão ativas?"],
  maxCharsWarning: "Você excedeu o limite de 300 caracteres. Digite uma mensagem menor!",
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

/** The widget's prediction request (flowise-embed's POST /api/v1/prediction/{chatflowId}). */
export const predictionRequestSchema = z.object({
  question: z.string().trim().min(1, "Digite uma pergunta.").max(ASSISTANT_MAX_CHARS, ASSISTANT_TEXTS.maxCharsWarning),
  chatId: z.string().max(200).optional(),
  streaming: z.boolean().optional(),
  overrideConfig: z
    .object({ vars: z.object({ cnpj: z.string().max(32).optional(), proponente: z.string().max(300).optional() }).loose().optional() })
    .loose()
    .optional(),
}).loose();

export type PredictionRequest = z.infer<typeof predictionRequestSchema>;
