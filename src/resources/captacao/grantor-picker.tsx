import { useMemo, useState } from "react";
import { useLocation, useOutletContext } from "react-router";
import { Button, Drawer, Input, Space, Table, Tag } from "antd";
import { CheckOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import type { Grantor } from "@/domain/captacao";
import { useAllRecords } from "@/components/resource/use-all-records";
import { CodeTag } from "@/components/resource/field-view";
import { useT } from "@/providers/i18n";
import { CAPTACAO_CODES as CODES } from "./codes";
import type { GrantorPickerContext } from "./program-form";

type GrantorNode = Grantor & { children?: GrantorNode[] };

/** The grantors as their hierarchy (ministério > secretaria / fundo); a search keeps the matches and their ancestors. */
export function grantorTree(rows: Grantor[], search: string): GrantorNode[] {
  const text = search
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
  const matches = (g: Grantor) => !text || `${g.acronym} ${g.name} ${g.siafiCode}`.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().includes(text);
  const byParent = new Map<number | null, Grantor[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const build = (parent: number | null): GrantorNode[] =>
    (byParent.get(parent) ?? [])
      .map((g) => {
        const children = build(g.id);
        return matches(g) || children.length ? { ...g, ...(children.length ? { children } : {}) } : null;
      })
      .filter((g): g is GrantorNode => g !== null)
      .sort((a, b) => a.acronym.localeCompare(b.acronym));
  return build(null);
}

/** select-grantor: the grantor step of a program's form, a drawer with its own URL over the form. */
export default function GrantorPicker() {
  const t = useT();
  const { search: query } = useLocation();
  const { chosen, choose, go, formUrl, pickerUrl } = useOutletContext<GrantorPickerContext>();
  const [search, setSearch] = useState("");
  const { rows, loading } = useAllRecords<Grantor>({ resource: "grantors", sorters: [{ field: "name", order: "asc" }] });
  const tree = useMemo(() => grantorTree(rows, search), [rows, search]);
  const base = pickerUrl.replace(query, "");
  return (
    <Drawer open width={720} title={t("captacao.grantor.pickerTitle")} onClose={() => go(formUrl)} destroyOnHidden>
      <Space style={{ marginBottom: 12, width: "100%", justifyContent: "space-between" }} wrap>
        <Input.Search allowClear placeholder={t("captacao.grantor.search")} aria-label={t("captacao.grantor.search")} onChange={(e) => setSearch(e.target.value)} style={{ width: 320 }} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => go(`${base}/add-grantor${query}`)}>
          {t("captacao.grantor.add")}
        </Button>
      </Space>
      <Table<GrantorNode>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={tree}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        key={`${tree.length}-${search}`}
        columns={[
          { key: "acronym", title: t("captacao.grantor.acronym"), dataIndex: "acronym", render: (value: string, row) => (row.id === chosen ? <Tag color="green">{value}</Tag> : value) },
          { key: "name", title: t("captacao.grantor.name"), dataIndex: "name" },
          { key: "siafiCode", title: t("captacao.grantor.siafiCode"), dataIndex: "siafiCode" },
          { key: "kind", title: t("captacao.grantor.kind"), dataIndex: "kind", render: (code: string) => <CodeTag codes={CODES.grantorKinds} code={code} /> },
          {
            key: "actions",
            title: t("table.actions"),
            render: (_: unknown, row) => (
              <Space>
                <Button size="small" type={row.id === chosen ? "default" : "primary"} icon={<CheckOutlined />} onClick={() => choose(row.id)} aria-label={`${t("captacao.grantor.choose")} ${row.acronym}`}>
                  {row.id === chosen ? t("captacao.grantor.chosen") : t("captacao.grantor.choose")}
                </Button>
                <Button size="small" icon={<EditOutlined />} onClick={() => go(`${base}/${row.id}-edit${query}`)} aria-label={`${t("captacao.grantor.edit")} ${row.acronym}`} />
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
