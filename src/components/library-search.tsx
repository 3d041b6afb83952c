import { useEffect, useState } from "react";
import { AutoComplete, Button, Input, Popover, Tooltip, Typography } from "antd";
import { SearchOutlined } from "@ant-design/icons";
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
 * Portuguese full-text search, best first, with the matched words of each snippet marked. On a phone
 * (`compact`) the header has no room for a 320 px box beside its menu button: a search button opens the
 * box below it instead.
 */
export function LibrarySearch({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (!compact) return <SearchBox width={320} />;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      destroyOnHidden
      content={<SearchBox width="min(320px, calc(100vw - 48px))" autoFocus onPicked={() => setOpen(false)} />}
    >
      <Tooltip title={t("content.librarySearch.label")}>
        <Button type="text" icon={<SearchOutlined />} aria-label={t("content.librarySearch.label")} aria-expanded={open} />
      </Tooltip>
    </Popover>
  );
}

function SearchBox({ width, autoFocus, onPicked }: { width: number | string; autoFocus?: boolean; onPicked?: () => void }) {
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
      style={{ width }}
      popupMatchSelectWidth={compactPopup(width)}
      options={options}
      value={text}
      onChange={setText}
      notFoundContent={hits && hits.length === 0 ? t("content.librarySearch.none") : null}
      onSelect={(_: string, option: { hit?: ContentSearchHit }) => {
        const hit = option.hit;
        setText("");
        onPicked?.();
        if (!hit) return;
        const { to, q } = targetOf(hit);
        go({ to, query: q ? { filters: [{ field: "q", operator: "eq", value: q }] } : undefined, type: "push", options: { keepQuery: true } });
      }}
    >
      <Input.Search placeholder={t("content.librarySearch.placeholder")} aria-label={t("content.librarySearch.label")} allowClear autoFocus={autoFocus} />
    </AutoComplete>
  );
}

/** The results list is wider than the box on a desktop; on a phone it keeps the box's width. */
const compactPopup = (width: number | string): number | boolean => (typeof width === "number" ? 420 : true);
