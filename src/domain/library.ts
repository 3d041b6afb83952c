import { z } from "zod";
import { categoryIdInput, orderInput } from "./content";
import { calendarDate, optionalLinkOf } from "./fields";
import { optionalText, requiredText } from "./inputs";
import { documentFileNameSchema } from "./uploads";
import { recordFields, wire } from "./wire";

/**
 * The library's document models (a file to download: ofícios, planilhas, declarações) and tutorials
 * (Markdown, with an optional video link), written by ADMIN for every municipality (issue 13).
 */

// ---------- document models ----------

const storagePath = z
  .string({ message: "Envie o arquivo do modelo." })
  .trim()
  .min(1, "Envie o arquivo do modelo.")
  .max(200, "Arquivo inválido: envie o arquivo de novo.");

export const documentModelCreateSchema = z.object({
  title: requiredText("o título", 200),
  description: optionalText("Descrição", 2000),
  categoryId: categoryIdInput,
  /** The upload's storagePath (kind model), from POST /api/companies/upload-url and its PUT. */
  storagePath,
  /** The name the file had on the person's computer; the download carries it. */
  fileName: documentFileNameSchema,
  revision: optionalText("Versão", 20),
  publishedOn: calendarDate("a data de publicação", { executed: true }),
});
export type DocumentModelCreate = z.input<typeof documentModelCreateSchema>;

export const documentModelRowSchema = z.object({
  ...recordFields,
  title: wire.text(),
  description: wire.textOrNull(),
  categoryId: wire.intOrNull(),
  fileName: wire.text(),
  contentType: wire.text(),
  fileSize: wire.int(),
  revision: wire.textOrNull(),
  publishedOn: wire.date(),
  downloadCount: wire.int(),
});
export type DocumentModel = z.infer<typeof documentModelRowSchema>;

/** Where a model's file is downloaded (every signed-in user; counts the download). */
export const documentModelDownloadUrl = (id: number) => `/api/document-models/${id}/download`;

// ---------- tutorials ----------

/** Whom a tutorial is written for. */
export const TUTORIAL_AUDIENCES = ["TODOS", "GESTORES", "EQUIPE_TECNICA"] as const;
export type TutorialAudience = (typeof TUTORIAL_AUDIENCES)[number];

export const tutorialCreateSchema = z.object({
  title: requiredText("o título", 200),
  summary: requiredText("o resumo", 500),
  /** Markdown; rendered sanitized. */
  body: requiredText("o conteúdo", 100_000),
  /** Shown as a link; no third-party player is embedded. */
  // Empty means no video: a link once filled can be removed.
  videoUrl: optionalLinkOf("o endereço do vídeo"),
  order: orderInput,
  audience: z.enum(TUTORIAL_AUDIENCES, { message: "Escolha o público: todos, gestores ou equipe técnica." }).default("TODOS"),
  categoryId: categoryIdInput,
  published: z.boolean({ message: "Informe se o tutorial está publicado." }).default(false),
});
export type TutorialCreate = z.input<typeof tutorialCreateSchema>;

export const tutorialRowSchema = z.object({
  ...recordFields,
  title: wire.text(),
  summary: wire.text(),
  body: wire.text(),
  videoUrl: wire.textOrNull(),
  order: wire.int(),
  audience: wire.oneOf(TUTORIAL_AUDIENCES),
  categoryId: wire.intOrNull(),
  published: wire.bool(),
});
export type Tutorial = z.infer<typeof tutorialRowSchema>;
