import { and, eq } from "drizzle-orm";
import type { CategoryScope } from "../../src/domain/content";
import { categories } from "../db/schema";
import { registerConstraintMessage, unprocessable } from "../lib/errors";
import type { WriteContext } from "../resources/define-resource";

/** The library's shared rules (issue 13): every record sits in a category of its own area; slugs and norms are unique. */

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
