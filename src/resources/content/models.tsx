import { useTable, DateField } from "@refinedev/antd";
import { List } from "@/components/page-frame";
import type { HttpError } from "@refinedev/core";
import { Button, Table, Typography } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useT } from "@/providers/i18n";
import { documentModelDownloadUrl, type DocumentModel } from "@/domain/library";
import { formatBytes } from "@/domain/uploads";
import { useCategories } from "./categories";
import { SearchBox } from "./search-box";
import { RowActions } from "@/components/resource/row-actions";
import { CategoryTag } from "./category-tag";

/** The consultancy's document models (ofícios, declarações, planilhas), newest first, each downloadable by every signed-in user. */
export default function DocumentModelList() {
  const t = useT();
  const { categoryOf } = useCategories("model");
  const { tableProps, setFilters } = useTable<DocumentModel, HttpError>({
    resource: "document-models",
    sorters: { initial: [{ field: "publishedOn", order: "desc" }] },
    syncWithLocation: true,
  });
  return (
    <List title={t("content.titles.models")} createButtonProps={{ children: t("content.titles.modelCreate") }}>
      <SearchBox setFilters={setFilters} scope="model" />
      <Table {...tableProps} rowKey="id" scroll={{ x: 900 }}>
        <Table.Column<DocumentModel>
          dataIndex="title"
          title={t("content.fields.title")}
          sorter
          render={(_, row) => (
            <>
              <Typography.Text strong>{row.title}</Typography.Text>
              {row.description ? (
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                  {row.description}
                </Typography.Paragraph>
              ) : null}
            </>
          )}
        />
        <Table.Column<DocumentModel>
          dataIndex="categoryId"
          title={t("content.category")}
          render={(id: number | null) => {
            const category = categoryOf(id);
            return category ? <CategoryTag category={category} /> : t("content.noCategory");
          }}
        />
        <Table.Column<DocumentModel> dataIndex="revision" title={t("content.models.revision")} render={(v: string | null) => v ?? "—"} />
        <Table.Column<DocumentModel> dataIndex="publishedOn" title={t("content.models.publishedOn")} sorter render={(v: string) => <DateField value={v} format="DD/MM/YYYY" />} />
        <Table.Column<DocumentModel> dataIndex="downloadCount" title={t("content.models.downloads")} sorter />
        <Table.Column<DocumentModel>
          key="download"
          title={t("content.models.file")}
          render={(_, row) => (
            <Button
              icon={<DownloadOutlined />}
              href={documentModelDownloadUrl(row.id)}
              download={row.fileName}
              aria-label={`${t("content.models.download")} ${row.title}`}
            >
              {t("content.models.download")} ({row.fileName.split(".").pop()?.toUpperCase()}, {formatBytes(row.fileSize)})
            </Button>
          )}
        />
        <Table.Column<DocumentModel> key="actions" title={t("table.actions")} render={(_, row) => <RowActions id={row.id} label={row.title} />} />
      </Table>
    </List>
  );
}
