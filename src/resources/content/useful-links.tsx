import { useTable } from "@refinedev/antd";
import { List } from "@/components/page-frame";
import type { HttpError } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Card, Col, Empty, Row, Typography } from "antd";
import { ExportOutlined } from "@ant-design/icons";
import type { UsefulLink } from "@/domain/content";
import { useCategories } from "./categories";
import { SearchBox } from "./search-box";
import { CategoryTag } from "./category-tag";

/** The public portals a municipality uses (Transferegov, CAUC, SICONFI…), in the consultancy's order. */
export default function UsefulLinkList() {
  const t = useT();
  const { categoryOf } = useCategories("link");
  const { tableProps, setFilters } = useTable<UsefulLink, HttpError>({
    resource: "useful-links",
    sorters: { initial: [{ field: "order", order: "asc" }] },
    pagination: { pageSize: 50 },
    syncWithLocation: true,
  });
  const rows = (tableProps.dataSource ?? []) as UsefulLink[];
  return (
    <List title={t("content.titles.usefulLinks")}>
      <SearchBox setFilters={setFilters} scope="link" />
      {rows.length === 0 && !tableProps.loading ? <Empty description={t("content.empty")} /> : null}
      <Row gutter={[16, 16]}>
        {rows.map((link) => {
          const category = categoryOf(link.categoryId);
          return (
            <Col key={link.id} xs={24} md={12} xl={8}>
              <Card
                title={
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.title} <ExportOutlined />
                  </a>
                }
                extra={category ? <CategoryTag category={category} /> : null}
                style={{ height: "100%" }}
              >
                <Typography.Paragraph style={{ marginBottom: 4 }}>{link.description}</Typography.Paragraph>
                <Typography.Text type="secondary" style={{ wordBreak: "break-all" }}>
                  {link.url}
                </Typography.Text>
              </Card>
            </Col>
          );
        })}
      </Row>
    </List>
  );
}
