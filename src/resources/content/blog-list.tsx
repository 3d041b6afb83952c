import { useTable, DateField } from "@refinedev/antd";
import { List } from "@/components/page-frame";
import { Link, type HttpError } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Card, Col, Empty, Pagination, Row, Space, Tag, Typography, theme } from "antd";
import type { BlogPost } from "@/domain/content";
import { screenUrl } from "@/domain/admin-screens";
import { useCategories } from "./categories";
import { SearchBox } from "./search-box";
import { RowActions } from "@/components/resource/row-actions";
import { CategoryTag } from "./category-tag";

/** The consultancy's articles as cards (cover, title, excerpt, date, category), newest first. Drafts only reach ADMIN. */
export default function BlogList() {
  const { token } = theme.useToken();
  const t = useT();
  const { categoryOf } = useCategories("blog");
  const { tableProps, setFilters } = useTable<BlogPost, HttpError>({
    resource: "blog-posts",
    sorters: { initial: [{ field: "publishedAt", order: "desc" }] },
    pagination: { pageSize: 12 },
    syncWithLocation: true,
  });
  const rows = (tableProps.dataSource ?? []) as BlogPost[];
  const pagination = tableProps.pagination || undefined;
  return (
    <List title={t("content.titles.blog")} createButtonProps={{ children: t("content.titles.blogCreate") }}>
      <SearchBox setFilters={setFilters} scope="blog" />
      {rows.length === 0 && !tableProps.loading ? <Empty description={t("content.empty")} /> : null}
      <Row gutter={[16, 16]}>
        {rows.map((post) => {
          const category = categoryOf(post.categoryId);
          return (
            <Col key={post.id} xs={24} md={12} xl={8}>
              <Card
                hoverable
                style={{ height: "100%" }}
                cover={post.coverUrl ? <img alt="" src={post.coverUrl} style={{ height: 160, objectFit: "cover" }} /> : undefined}
              >
                <Space size={4} wrap style={{ marginBottom: 8 }}>
                  {category ? <CategoryTag category={category} /> : null}
                  {post.status === "RASCUNHO" ? <Tag>{t("content.draft")}</Tag> : null}
                  {post.publishedAt ? (
                    <Typography.Text type="secondary">
                      <DateField value={post.publishedAt} format="DD/MM/YYYY" />
                    </Typography.Text>
                  ) : null}
                </Space>
                {/* Each post is a section under the page's h1: an h2, drawn at the h5's size. */}
                <Typography.Title level={2} style={{ marginTop: 0, fontSize: token.fontSizeHeading5, lineHeight: token.lineHeightHeading5 }}>
                  <Link to={screenUrl("blog-posts", "show", { id: post.id })}>{post.title}</Link>
                </Typography.Title>
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }}>
                  {post.excerpt}
                </Typography.Paragraph>
                <Space size={16}>
                  <Link to={screenUrl("blog-posts", "show", { id: post.id })}>{t("content.readMore")}</Link>
                  <RowActions id={post.id} label={post.title} />
                </Space>
              </Card>
            </Col>
          );
        })}
      </Row>
      {pagination && (pagination.total ?? 0) > (pagination.pageSize ?? 12) ? (
        <Pagination style={{ marginTop: 16 }} {...pagination} />
      ) : null}
    </List>
  );
}
