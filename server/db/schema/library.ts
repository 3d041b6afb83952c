import { boolean, date, index, integer, pgEnum, pgTable, smallint, text, varchar } from "drizzle-orm/pg-core";
import { TUTORIAL_AUDIENCES } from "../../../src/domain/library";
import { categories } from "./content";
import { timestamps, versioned } from "./companies";

/**
 * The library's document models (ofícios, planilhas, declarações: a stored file each) and tutorials
 * (Markdown). Shared content, one set for every municipality: no company_id.
 */

export const tutorialAudienceEnum = pgEnum("tutorial_audience", TUTORIAL_AUDIENCES);

export const documentModels = pgTable(
  "document_models",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: varchar("title", { length: 200 }).notNull(),
    description: text("description"),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    /** The stored file (models/{uploader}/{uuid}.{ext}); downloaded only through GET /api/document-models/{id}/download. */
    filePath: text("file_path").notNull(),
    fileName: varchar("file_name", { length: 120 }).notNull(),
    contentType: varchar("content_type", { length: 120 }).notNull(),
    fileSize: integer("file_size").notNull(),
    /** The model's own version as people name it ("2026.1", "v3"); not the record's `version`. */
    revision: varchar("revision", { length: 20 }),
    publishedOn: date("published_on").notNull(),
    downloadCount: integer("download_count").notNull().default(0),
    ...versioned,
    ...timestamps,
  },
  (t) => [index("document_models_category_idx").on(t.categoryId), index("document_models_published_idx").on(t.publishedOn)],
);

export const tutorials = pgTable(
  "tutorials",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: varchar("title", { length: 200 }).notNull(),
    summary: varchar("summary", { length: 500 }).notNull(),
    body: text("body").notNull(),
    videoUrl: text("video_url"),
    order: smallint("order").notNull().default(0),
    audience: tutorialAudienceEnum("audience").notNull().default("TODOS"),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    published: boolean("published").notNull().default(false),
    ...versioned,
    ...timestamps,
  },
  (t) => [index("tutorials_order_idx").on(t.order), index("tutorials_category_idx").on(t.categoryId)],
);
