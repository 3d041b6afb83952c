import type { FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";
import {
  blogPostCreateSchema,
  blogPostRowSchema,
  categoryCreateSchema,
  categoryRowSchema,
  legislationCreateSchema,
  legislationRowSchema,
  usefulLinkCreateSchema,
  usefulLinkRowSchema,
  type CategoryScope,
} from "../../src/domain/content";
import { hasRole, currentUser } from "../auth/guards";
import { blogPosts, categories, legislations, usefulLinks } from "../db/schema";
import { registerConstraintMessage, unprocessable } from "../lib/errors";
import { defineResource, resourcesPlugin, type WriteContext } from "../resources/define-resource";

/**
 * The consultancy's library (issue 13): one set for every municipality. Every signed-in user reads it;
 * only ADMIN writes. Blog drafts are visible to ADMIN only.
 */

const access = { read: "user-only", create: "admin-only", update: "admin-only", delete: "admin-only" } as const;

registerConstraintMessage("categories_scope_slug_key", "Já existe uma categoria com este identificador nesta área.", "slug");
registerConstraintMessage("blog_posts_slug_key", "Já existe um artigo com este identificador (slug).", "slug");
registerConstraintMessage("legislations_kind_number_year_key", "Esta norma (tipo, número e ano) já está cadastrada.", "number");

/** A content record's category must exist and belong to the record's area; checked in the write's transaction. */
export const categoryOf =
  (scope: CategoryScope) =>
  async (ctx: WriteContext, values: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const id = values.categoryId;
    if (typeof id !== "number") return values;
    const [found] = await ctx.tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, id), eq(categories.scope, scope)));
    if (!found) {
      const message = "Categoria não encontrada nesta área. Escolha outra ou crie uma nova.";
      throw unprocessable(message, { categoryId: message });
    }
    return values;
  };

export const categoryResource = defineResource({
  name: "categories",
  tag: "conteúdo",
  table: categories,
  scope: { kind: "shared" },
  access,
  row: categoryRowSchema,
  create: categoryCreateSchema,
  notFound: "Categoria não encontrada.",
  list: { search: [categories.name], defaultSort: [{ field: "order", order: "asc" }, { field: "name", order: "asc" }] },
});

export const legislationResource = defineResource({
  name: "legislations",
  tag: "conteúdo",
  table: legislations,
  scope: { kind: "shared" },
  access,
  row: legislationRowSchema,
  create: legislationCreateSchema,
  notFound: "Norma não encontrada.",
  prepare: categoryOf("legislation"),
  list: {
    search: [legislations.title, legislations.number, legislations.summary],
    defaultSort: [{ field: "date", order: "desc" }],
  },
});

export const usefulLinkResource = defineResource({
  name: "useful-links",
  tag: "conteúdo",
  table: usefulLinks,
  scope: { kind: "shared" },
  access,
  row: usefulLinkRowSchema,
  create: usefulLinkCreateSchema,
  notFound: "Link não encontrado.",
  prepare: categoryOf("link"),
  list: { search: [usefulLinks.title, usefulLinks.description], defaultSort: [{ field: "order", order: "asc" }] },
});

const isAdmin = (request: FastifyRequest) => hasRole(currentUser(request), ["ADMIN"]);
const checkBlogCategory = categoryOf("blog");

export const blogPostResource = defineResource({
  name: "blog-posts",
  tag: "conteúdo",
  table: blogPosts,
  scope: { kind: "shared" },
  access,
  row: blogPostRowSchema,
  create: blogPostCreateSchema,
  notFound: "Artigo não encontrado.",
  // Drafts exist only for ADMIN: to everyone else a draft is a 404 and never in a list.
  visible: (request) => (isAdmin(request) ? undefined : { key: "published", build: () => eq(blogPosts.status, "PUBLICADO") }),
  prepare: async (ctx, values, existing) => {
    const checked = await checkBlogCategory(ctx, values);
    const status = (checked.status ?? existing?.status) as string | undefined;
    const publishing = status === "PUBLICADO" && !existing?.publishedAt;
    return {
      ...checked,
      ...(existing ? {} : { authorName: ctx.user.name ?? ctx.user.email }),
      ...(publishing ? { publishedAt: ctx.now } : {}),
    };
  },
  list: {
    fields: ["id", "title", "slug", "categoryId", "status", "publishedAt", "createdAt", "updatedAt"],
    search: [blogPosts.title, blogPosts.excerpt, blogPosts.body],
    defaultSort: [{ field: "publishedAt", order: "desc" }, { field: "id", order: "desc" }],
  },
});

export default resourcesPlugin(categoryResource, legislationResource, usefulLinkResource, blogPostResource);
