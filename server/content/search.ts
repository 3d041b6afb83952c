import { sql, type SQL } from "drizzle-orm";
import type { ContentSearchHit } from "../../src/domain/content";
import type { Db } from "../db/client";

/**
 * GET /api/content-search?q=: one search over the library's articles, norms, document models and
 * tutorials (issue 13), PostgreSQL full-text search in Portuguese on unaccented text
 * (`to_tsvector('portuguese', f_unaccent(…))`, the expressions the GIN indexes of migrations 0015 and
 * 0019 cover), ranked with ts_rank, with a snippet of the matching passage. Drafts and unpublished
 * tutorials only reach ADMIN. Works the same on PGlite (unaccent and the snowball
 * stemmers are part of it).
 */

// Markers PostgreSQL puts around matched words in the snippet; control characters no text holds.
const START = "\u0002";
const STOP = "\u0003";
const HEADLINE = `StartSel=${START}, StopSel=${STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
const LIMIT = 20;

/** The snippet in pieces: the marked words flagged, the rest plain text. */
export function snippetPieces(headline: string): ContentSearchHit["snippet"] {
  const pieces: ContentSearchHit["snippet"] = [];
  for (const [i, part] of headline.split(new RegExp(`[${START}${STOP}]`)).entries()) {
    if (part) pieces.push({ text: part, match: i % 2 === 1 });
  }
  return pieces;
}

const documentOf = (...columns: string[]) => sql.raw(columns.map((c) => `coalesce("${c}", '')`).join(` || ' ' || `));

function searchSql(q: string, admin: boolean): SQL {
  const query = sql`plainto_tsquery('portuguese', f_unaccent(${q}))`;
  const headlineQuery = sql`plainto_tsquery('pt_unaccent', ${q})`;
  const blogDoc = documentOf("title", "excerpt", "body");
  const lawDoc = documentOf("title", "number", "summary");
  const modelDoc = documentOf("title", "description", "file_name");
  const tutorialDoc = documentOf("title", "summary", "body");
  const published = admin ? sql`true` : sql`status = 'PUBLICADO'`;
  const tutorialPublished = admin ? sql`true` : sql`published`;
  return sql`
    select 'blog' as kind, id, title,
      ts_headline('pt_unaccent', excerpt || ' ' || body, ${headlineQuery}, ${HEADLINE}) as headline,
      ts_rank(to_tsvector('portuguese', f_unaccent(${blogDoc})), ${query}) as rank
    from blog_posts
    where ${published} and to_tsvector('portuguese', f_unaccent(${blogDoc})) @@ ${query}
    union all
    select 'legislation', id, title,
      ts_headline('pt_unaccent', summary, ${headlineQuery}, ${HEADLINE}),
      ts_rank(to_tsvector('portuguese', f_unaccent(${lawDoc})), ${query})
    from legislations
    where to_tsvector('portuguese', f_unaccent(${lawDoc})) @@ ${query}
    union all
    select 'model', id, title,
      ts_headline('pt_unaccent', title || ' — ' || coalesce(description, '') || ' ' || file_name, ${headlineQuery}, ${HEADLINE}),
      ts_rank(to_tsvector('portuguese', f_unaccent(${modelDoc})), ${query})
    from document_models
    where to_tsvector('portuguese', f_unaccent(${modelDoc})) @@ ${query}
    union all
    select 'tutorial', id, title,
      ts_headline('pt_unaccent', title || ' — ' || summary || ' ' || body, ${headlineQuery}, ${HEADLINE}),
      ts_rank(to_tsvector('portuguese', f_unaccent(${tutorialDoc})), ${query})
    from tutorials
    where ${tutorialPublished} and to_tsvector('portuguese', f_unaccent(${tutorialDoc})) @@ ${query}
    order by rank desc, id desc
    limit ${LIMIT}`;
}

type SearchRow = { kind: ContentSearchHit["kind"]; id: number; title: string; headline: string | null; rank: number | string };

/** The library's best matches for `q`; drafts and unpublished tutorials only for whoever may see them. */
export async function searchContent(db: Db, q: string, seesDrafts: boolean): Promise<ContentSearchHit[]> {
  const result = (await db.execute(searchSql(q, seesDrafts))) as unknown as { rows: SearchRow[] };
  return result.rows.map((row) => ({ kind: row.kind, id: Number(row.id), title: row.title, snippet: snippetPieces(row.headline ?? ""), rank: Number(row.rank) }));
}
