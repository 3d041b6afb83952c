import { Button, Typography } from "antd";
import { DownloadOutlined, LinkOutlined } from "@ant-design/icons";
import type { CategoryScope, Legislation } from "@/domain/content";
import { documentModelDownloadUrl, type DocumentModel } from "@/domain/library";
import { formatBytes } from "@/domain/uploads";
import type { Translate } from "@/providers/i18n";
import { useCategories } from "./categories";
import { CategoryTag } from "./category-tag";
import { SearchBox } from "./search-box";
import type { SetFilters } from "@/components/resource/slots";

/**
 * The library lists' cells that are more than one field (column `render`s and slots of the field
 * descriptions in ./fields.ts), and their search above the list.
 */

/** The list's search and category filter (`listTop` slot). */
export const searchFor = (scope: CategoryScope) =>
  function LibrarySearch({ setFilters }: { setFilters: SetFilters }) {
    return <SearchBox setFilters={setFilters} scope={scope} />;
  };

function CategoryCell({ scope, id }: { scope: CategoryScope; id: number | null }) {
  const { categoryOf } = useCategories(scope);
  const category = categoryOf(id);
  return category ? <CategoryTag category={category} /> : <Typography.Text type="secondary">—</Typography.Text>;
}

/** A record's category as its colored tag. */
export const categoryCell = (scope: CategoryScope) => (row: { categoryId: number | null }) => <CategoryCell scope={scope} id={row.categoryId} />;

/** "Lei 14.133/2021": the kind, number and year of a norm on one line. */
export const normNumber = (row: Legislation, t: Translate) => (
  <span style={{ whiteSpace: "nowrap" }}>
    {t(`content.legislation.kinds.${row.kind}`)} {row.number}/{row.year}
  </span>
);

/** A title in bold with its longer text below, a few lines of it. */
const titled = (title: string, text: string | null, expandable: boolean) => (
  <>
    <Typography.Text strong>{title}</Typography.Text>
    {text ? (
      <Typography.Paragraph type="secondary" ellipsis={expandable ? { rows: 3, expandable: true, symbol: "mais" } : { rows: 2 }} style={{ marginBottom: 0 }}>
        {text}
      </Typography.Paragraph>
    ) : null}
  </>
);

export const normText = (row: Legislation) => titled(row.title, row.summary, true);
export const modelText = (row: DocumentModel) => titled(row.title, row.description, false);

/** The official text, opened in a new tab. */
export const officialLink = (row: Legislation, t: Translate) =>
  row.officialUrl ? (
    <a href={row.officialUrl} target="_blank" rel="noopener noreferrer" aria-label={`${t("content.openOfficial")} ${row.kind} ${row.number}/${row.year}`}>
      <LinkOutlined /> {t("content.open")}
    </a>
  ) : (
    "—"
  );

/** A model's file, downloaded (and counted) as an attachment, with its type and size. */
export const modelDownload = (row: DocumentModel, t: Translate) => (
  <Button icon={<DownloadOutlined />} href={documentModelDownloadUrl(row.id)} download={row.fileName} aria-label={`${t("content.models.download")} ${row.title}`}>
    {t("content.models.download")} ({row.fileName.split(".").pop()?.toUpperCase()}, {formatBytes(row.fileSize)})
  </Button>
);
