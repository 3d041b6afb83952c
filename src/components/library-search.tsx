import { useEffect, useState } from "react";
import { AutoComplete, Input, Typography } from "antd";
import { useGo } from "@refinedev/core";
import { http } from "@/lib/http";
import { screenUrl } from "@/domain/admin-screens";
import type { ContentSearchHit } from "@/domain/content";
import { useT } from "@/providers/i18n";

/** Where a hit opens: the article itself; the other kinds, their list searched for its title. */
function targetOf(hit: ContentSearchHit): { to: string; q?: string } {
  if (hit.kind === "blog") return { to: screenUrl("blog-posts", "show", { id: hit.id }) };
  const key = hit.kind === "legislation" ? "legislations" : hit.kind === "model" ? "document-models" : "tutorials";
  return { to: screenUrl(key, "list"), q: hit.title };
}

/**
 * One search box over the whole library (blog, legislation, models, tutorials): GET /api/content-search,
 * Portuguese full-text search, best first, with the matched words of each snippet marked.
 */
export function LibrarySearch() {
  const t = useT();
  const go = useGo();
  const [text, setText] = useState("");
  const [hits, setHits] = useState<ContentSearchHit[] | null>(null);

  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) {
      setHits(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      http
        .get<ContentSearchHit[]>("/api/content-search", { params: { q } })
        .then(({ data }) => live && setHits(data))
        .catch(() => live && setHits([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);

  // The value is what assistive technology reads for an option (its kind and title); the key tells hits apart.
  const options = (hits ?? []).map((hit) => ({
    key: `${hit.kind}:${hit.id}`,
    value: `${t(`content.librarySearch.kinds.${hit.kind}`)}: ${hit.title}`,
    hit,
    label: (
      <div style={{ whiteSpace: "normal" }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`content.librarySearch.kinds.${hit.kind}`)}
        </Typography.Text>
        <div>
          <Typography.Text strong>{hit.title}</Typography.Text>
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hit.snippet.map((piece, i) => (piece.match ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>))}
        </Typography.Text>
      </div>
    ),
  }));

  return (
    <AutoComplete
      style={{ width: 320 }}
      popupMatchSelectWidth={420}
      options={options}
      value={text}
      onChange={setText}
      notFoundContent={hits && hits.length === 0 ? t("content.librarySearch.none") : null}
      onSelect={(_: string, option: { hit?: ContentSearchHit }) => {
        const hit = option.hit;
        setText("");
        if (!hit) return;
        const { to, q } = targetOf(hit);
        go({ to, query: q ? { filters: [{ field: "q", operator: "eq", value: q }] } : undefined, type: "push", options: { keepQuery: true } });
      }}
    >
      <Input.Search placeholder={t("content.librarySearch.placeholder")} aria-label={t("content.librarySearch.label")} allowClear />
    </AutoComplete>
  );
}
