import { useTable } from "@refinedev/antd";
import { List } from "@/components/page-frame";
import type { HttpError } from "@refinedev/core";
import { Collapse, Empty, Space, Tag, Typography } from "antd";
import { PlayCircleOutlined } from "@ant-design/icons";
import { useT } from "@/providers/i18n";
import type { Tutorial } from "@/domain/library";
import { MarkdownView } from "@/components/markdown";
import { useCategories } from "./categories";
import { SearchBox } from "./search-box";
import { RowActions } from "@/components/resource/row-actions";
import { CategoryTag } from "./category-tag";

/** The consultancy's tutorials in its order: each opens in place (Markdown, sanitized) with its video as a link. */
export default function TutorialList() {
  const t = useT();
  const { categoryOf } = useCategories("tutorial");
  const { tableProps, setFilters } = useTable<Tutorial, HttpError>({
    resource: "tutorials",
    sorters: { initial: [{ field: "order", order: "asc" }] },
    pagination: { pageSize: 50 },
    syncWithLocation: true,
  });
  const rows = (tableProps.dataSource ?? []) as Tutorial[];
  return (
    <List title={t("content.titles.tutorials")} createButtonProps={{ children: t("content.titles.tutorialCreate") }}>
      <SearchBox setFilters={setFilters} scope="tutorial" />
      {rows.length === 0 && !tableProps.loading ? <Empty description={t("content.empty")} /> : null}
      <Collapse
        items={rows.map((tutorial) => {
          const category = categoryOf(tutorial.categoryId);
          return {
            key: tutorial.id,
            label: (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{tutorial.title}</Typography.Text>
                <Typography.Text type="secondary">{tutorial.summary}</Typography.Text>
              </Space>
            ),
            extra: (
              <Space size={4} wrap>
                {category ? <CategoryTag category={category} /> : null}
                <Tag>{t(`content.tutorials.audiences.${tutorial.audience}`)}</Tag>
                {tutorial.published ? null : <Tag color="orange">{t("content.tutorials.unpublished")}</Tag>}
              </Space>
            ),
            children: (
              <>
                <MarkdownView source={tutorial.body} />
                <Space size={16}>
                  {tutorial.videoUrl ? (
                    <a href={tutorial.videoUrl} target="_blank" rel="noopener noreferrer">
                      <PlayCircleOutlined /> {t("content.tutorials.video")}
                    </a>
                  ) : null}
                  <RowActions id={tutorial.id} label={tutorial.title} />
                </Space>
              </>
            ),
          };
        })}
      />
    </List>
  );
}
