import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { CATEGORY_SCOPES, LEGISLATION_KINDS, LEGISLATION_SPHERES, LEGISLATION_STATUSES, POST_STATUSES } from "../../../src/domain/content";
import { timestamps, versioned } from "./companies";

/**
 * The consultancy's library: one set for every municipality, so no company_id. Categories are per
 * scope (blog, legislation, model, tutorial, link); removing a category leaves its content uncategorized.
 */

export const categoryScopeEnum = pgEnum("category_scope", CATEGORY_SCOPES);
export const legislationKindEnum = pgEnum("legislation_kind", LEGISLATION_KINDS);
export const legislationSphereEnum = pgEnum("legislation_sphere", LEGISLATION_SPHERES);
export const legislationStatusEnum = pgEnum("legislation_status", LEGISLATION_STATUSES);
export const postStatusEnum = pgEnum("post_status", POST_STATUSES);

export const categories = pgTable(
  "categories",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    scope: categoryScopeEnum("scope").notNull(),
    name: varchar("name", { length: 80 }).notNull(),
    slug: varchar("slug", { length: 120 }).notNull(),
    color: varchar("color", { length: 7 }).notNull().default("#1677ff"),
    order: smallint("order").notNull().default(0),
    ...versioned,
    ...timestamps,
  },
  (t) => [uniqueIndex("categories_scope_slug_key").on(t.scope, t.slug), index("categories_scope_order_idx").on(t.scope, t.order)],
);

const categoryRef = () => integer("category_id").references(() => categories.id, { onDelete: "set null" });

export const legislations = pgTable(
  "legislations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: legislationKindEnum("kind").notNull(),
    number: varchar("number", { length: 40 }).notNull(),
    year: smallint("year").notNull(),
    date: date("date"),
    title: varchar("title", { length: 200 }).notNull(),
    issuer: varchar("issuer", { length: 200 }),
    summary: text("summary").notNull(),
    officialUrl: text("official_url"),
    sphere: legislationSphereEnum("sphere").notNull().default("FEDERAL"),
    status: legislationStatusEnum("status").notNull().default("VIGENTE"),
    categoryId: categoryRef(),
    tags: jsonb("tags").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("legislations_kind_number_year_key").on(t.kind, t.number, t.year),
    index("legislations_date_idx").on(t.date),
    index("legislations_category_idx").on(t.categoryId),
  ],
);

export const usefulLinks = pgTable(
  "useful_links",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: varchar("title", { length: 160 }).notNull(),
    url: text("url").notNull(),
    description: text("description"),
    categoryId: categoryRef(),
    order: smallint("order").notNull().default(0),
    ...versioned,
    ...timestamps,
  },
  (t) => [index("useful_links_order_idx").on(t.order), index("useful_links_category_idx").on(t.categoryId)],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: varchar("title", { length: 200 }).notNull(),
    slug: varchar("slug", { length: 120 }).notNull(),
    excerpt: varchar("excerpt", { length: 500 }).notNull(),
    body: text("body").notNull(),
    coverUrl: text("cover_url"),
    categoryId: categoryRef(),
    tags: jsonb("tags").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: postStatusEnum("status").notNull().default("RASCUNHO"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    authorName: varchar("author_name", { length: 200 }),
    ...versioned,
    ...timestamps,
  },
  (t) => [
    uniqueIndex("blog_posts_slug_key").on(t.slug),
    index("blog_posts_status_published_idx").on(t.status, t.publishedAt),
    index("blog_posts_category_idx").on(t.categoryId),
  ],
);
