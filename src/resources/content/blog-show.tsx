import { DateField } from "@refinedev/antd";
import { Show } from "@/components/page-frame";
import { Link, useOne, type HttpError } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { useParams } from "react-router";
import { Result, Space, Tag, Typography } from "antd";
import type { BlogPost } from "@/domain/content";
import { screenUrl } from "@/domain/admin-screens";
import { MarkdownView } from "@/components/markdown";
import { useCategories } from "./categories";
import { EditLink } from "./edit-link";
import { CategoryTag } from "./category-tag";

/** One article, its Markdown rendered sanitized. */
export default function BlogShow() {
  const t = useT();
  const { id: postId } = useParams();
  const { categoryOf } = useCategories("blog");
  const { result: post, query } = useOne<BlogPost, HttpError>({ resource: "blog-posts", id: postId ?? "", queryOptions: { enabled: !!postId } });
  if (query.isError) {
    return <Result status="404" title={t("content.notFound")} extra={<Link to={screenUrl("blog-posts", "list")}>{t("content.back")}</Link>} />;
  }
  const category = categoryOf(post?.categoryId);
  return (
    <Show title={post?.title ?? t("content.titles.blog")} isLoading={query.isLoading} headerButtons={() => (
        <Space size={16}>
          {post ? <EditLink resource="blog-posts" id={post.id} /> : null}
          <Link to={screenUrl("blog-posts", "list")}>{t("content.back")}</Link>
        </Space>
      )}>
      {post ? (
        <article style={{ maxWidth: 820 }}>
          <Space size={8} wrap style={{ marginBottom: 16 }}>
            {category ? <CategoryTag category={category} /> : null}
            {post.status === "RASCUNHO" ? <Tag>{t("content.draft")}</Tag> : null}
            {post.publishedAt ? <DateField value={post.publishedAt} format="DD/MM/YYYY" /> : null}
            {post.authorName ? (
              <Typography.Text type="secondary">
                {t("content.by")} {post.authorName}
              </Typography.Text>
            ) : null}
          </Space>
          {post.coverUrl ? <img alt="" src={post.coverUrl} style={{ maxWidth: "100%", marginBottom: 16 }} /> : null}
          <Typography.Paragraph strong>{post.excerpt}</Typography.Paragraph>
          <MarkdownView source={post.body} />
        </article>
      ) : null}
    </Show>
  );
}
