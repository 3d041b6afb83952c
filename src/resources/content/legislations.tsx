import { useTable, DateField } from "@refinedev/antd";
import { List } from "@/components/page-frame";
import type { HttpError } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Table, Tag, Typography } from "antd";
import { LinkOutlined } from "@ant-design/icons";
import type { Legislation } from "@/domain/content";
import { useCategories } from "./categories";
import { SearchBox } from "./search-box";
import { RowActions } from "@/components/resource/row-actions";
import { CategoryTag } from "./category-tag";

const STATUS_COLORS: Record<Legislation["status"], string> = { VIGENTE: "green", REVOGADA: "red", ALTERADA: "orange" };

/** The norms transfers live by, newest first, with their ementa and official text (every signed-in user). */
export default function LegislationList() {
  const t = useT();
  const { categoryOf } = useCategories("legislation");
  const { tableProps, setFilters } = useTable<Legislation, HttpError>({
    resource: "legislations",
    sorters: { initial: [{ field: "date", order: "desc" }] },
    syncWithLocation: true,
  });
  return (
    <List title={t("content.titles.legislations")} createButtonProps={{ children: t("content.titles.legislationCreate") }}>
      <SearchBox setFilters={setFilters} scope="legislation" />
      <Table {...tableProps} rowKey="id" scroll={{ x: 900 }}>
        <Table.Column<Legislation>
          dataIndex="kind"
          title={t("content.legislation.kind")}
          render={(value: Legislation["kind"], row) => (
            <span style={{ whiteSpace: "nowrap" }}>
              {t(`content.legislation.kinds.${value}`)} {row.number}/{row.year}
            </span>
          )}
        />
        <Table.Column<Legislation>
          dataIndex="date"
          title={t("content.legislation.date")}
          sorter
          render={(value: string | null) => (value ? <DateField value={value} format="DD/MM/YYYY" /> : "—")}
        />
        <Table.Column<Legislation>
          dataIndex="title"
          title={t("content.legislation.summary")}
          render={(_, row) => (
            <>
              <Typography.Text strong>{row.title}</Typography.Text>
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 3, expandable: true, symbol: "mais" }} style={{ marginBottom: 0 }}>
                {row.summary}
              </Typography.Paragraph>
            </>
          )}
        />
        <Table.Column<Legislation>
          dataIndex="categoryId"
          title={t("content.category")}
          render={(id: number | null) => {
            const category = categoryOf(id);
            return category ? <CategoryTag category={category} /> : t("content.noCategory");
          }}
        />
        <Table.Column<Legislation>
          dataIndex="status"
          title={t("content.legislation.status")}
          render={(value: Legislation["status"]) => <Tag color={STATUS_COLORS[value]}>{t(`content.legislation.statuses.${value}`)}</Tag>}
        />
        <Table.Column<Legislation>
          dataIndex="officialUrl"
          title={t("content.openOfficial")}
          render={(url: string | null) =>
            url ? (
              <a href={url} target="_blank" rel="noopener noreferrer" aria-label={t("content.openOfficial")}>
                <LinkOutlined /> {t("content.open")}
              </a>
            ) : (
              "—"
            )
          }
        />
        <Table.Column<Legislation>
          key="actions"
          title={t("table.actions")}
          render={(_, row) => <RowActions id={row.id} label={`${row.kind} ${row.number}/${row.year}`} />}
        />
      </Table>
    </List>
  );
}
