import { WithIconLabel } from "@/components/icon-button";
import { CreateButton, EditButton, ShowButton, getDefaultFilter, getDefaultSortOrder, useTable } from "@refinedev/antd";
import { List } from "@/components/page-frame";
import { Link, type HttpError } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Avatar, Button, Form, Input, Space, Table, Tag } from "antd";
import { BREAKPOINTS, useMediaQuery } from "@/components/theme";
import { CheckCircleOutlined, PictureOutlined } from "@ant-design/icons";
import { getStates } from "@brazilian-utils/brazilian-utils/get-states";
import { useLocation, useNavigate } from "react-router";
import type { Company } from "@/domain/companies";
import { formatCnpj } from "@/domain/cnpj";
import { switchTarget } from "@/components/company-switcher";
import { CompanyDeleteButton } from "./delete-button";

const UF_FILTERS = getStates()
  .map((state) => ({ text: `${state.code} - ${state.name}`, value: state.code }))
  .sort((a, b) => a.value.localeCompare(b.value));

/** /admin/companies: 'Clientes' (ADMIN). Search, filters, sort and page live in the URL. */
export default function CompanyListPage() {
  const t = useT();
  const title = t("companies.titles.list");
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const wide = useMediaQuery(BREAKPOINTS.md);
  const { tableProps, searchFormProps, filters, sorters } = useTable<Company, HttpError, { q?: string }>({
    resource: "companies",
    sorters: { initial: [{ field: "name", order: "asc" }] },
    onSearch: ({ q }) => [{ field: "q", operator: "eq", value: q ?? "" }],
    syncWithLocation: true,
  });

  return (
    <List title={title} headerButtons={<CreateButton>{t("companies.titles.create")}</CreateButton>}>
      <Form {...searchFormProps} layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item name="q" style={{ flex: "1 1 280px", maxWidth: 480, marginInlineEnd: 0 }}>
          <Input.Search
            allowClear
            placeholder={t("companies.placeholders.search")}
            aria-label={t("companies.placeholders.search")}
            onSearch={() => searchFormProps.form?.submit()}
          />
        </Form.Item>
      </Form>
      <Table<Company> {...tableProps} rowKey="id" scroll={{ x: "max-content" }} locale={{ emptyText: t("companies.empty") }}>
        <Table.Column<Company>
          dataIndex="name"
          title={t("companies.fields.name")}
          sorter
          defaultSortOrder={getDefaultSortOrder("name", sorters)}
          render={(_, company) => (
            <Space>
              <Avatar shape="square" size="small" src={company.logoUrl ?? undefined} icon={<PictureOutlined />} alt="" />
              <Link to={`/admin/companies/${company.id}/data`}>{company.name}</Link>
            </Space>
          )}
        />
        <Table.Column<Company>
          dataIndex="cnpj"
          title={t("companies.fields.cnpj")}
          sorter
          defaultSortOrder={getDefaultSortOrder("cnpj", sorters)}
          render={(cnpj: string) => <span style={{ whiteSpace: "nowrap" }}>{formatCnpj(cnpj)}</span>}
        />
        <Table.Column<Company>
          dataIndex="uf"
          title={t("companies.fields.uf")}
          sorter
          defaultSortOrder={getDefaultSortOrder("uf", sorters)}
          filters={UF_FILTERS}
          filterSearch
          filteredValue={getDefaultFilter("uf", filters, "in") ?? null}
        />
        <Table.Column<Company>
          dataIndex="usersCount"
          title={t("companies.fields.usersCount")}
          align="right"
          sorter
          defaultSortOrder={getDefaultSortOrder("usersCount", sorters)}
        />
        <Table.Column<Company>
          dataIndex="publicPortalEnabled"
          title={t("companies.fields.publicPortalEnabled")}
          filters={[
            { text: t("companies.portal.on"), value: true },
            { text: t("companies.portal.off"), value: false },
          ]}
          filterMultiple={false}
          filteredValue={getDefaultFilter("publicPortalEnabled", filters, "in") ?? null}
          render={(enabled: boolean) => <Tag color={enabled ? "green" : "default"}>{enabled ? t("companies.portal.on") : t("companies.portal.off")}</Tag>}
        />
        <Table.Column<Company>
          title={t("table.actions")}
          fixed={wide ? "right" : undefined}
          render={(_, company) => (
            <Space size="small">
              <Button
                size="small"
                type="primary"
                ghost
                icon={<CheckCircleOutlined />}
                title={t("companies.actions.chooseHint")}
                aria-label={`${t("companies.actions.choose")} ${company.name}`}
                onClick={() => navigate(switchTarget(pathname, company))}
              >
                {wide ? t("companies.actions.choose") : null}
              </Button>
              <WithIconLabel label={`${t("buttons.show")} ${company.name}`}>
                <ShowButton size="small" hideText recordItemId={company.id} />
              </WithIconLabel>
              <WithIconLabel label={`${t("buttons.edit")} ${company.name}`}>
                <EditButton size="small" hideText recordItemId={company.id} />
              </WithIconLabel>
              <CompanyDeleteButton company={company} hideText />
            </Space>
          )}
        />
      </Table>
    </List>
  );
}
