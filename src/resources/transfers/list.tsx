import { useDeferredValue } from "react";
import { useTable } from "@refinedev/antd";
import { withCappedTotal } from "@/components/resource/list-total";
import { List } from "@/components/page-frame";
import { Link, getDefaultFilter, type CrudFilter, type HttpError } from "@refinedev/core";
import { CanAccessNow } from "@/components/can-access-now";
import { useT } from "@/providers/i18n";
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Table } from "antd";
import { PlusOutlined, SearchOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { fieldColumns } from "@/components/resource/columns";
import { MoreFilters } from "@/components/resource/more-filters";
import { PageLoading } from "@/components/page-loading";
import { ExportButtons, TotalsBar } from "./components";
import { createPath, type TransferKindConfig, type TransferShape } from "./kinds";
import { SourceFreshnessNote } from "./freshness";

interface FilterValues {
  q?: string;
  year?: number;
  status?: string[];
  parliamentarian?: string;
  program?: string;
  grantor?: string;
  min?: number;
  max?: number;
  period?: [Dayjs | null, Dayjs | null] | null;
}

const YEARS = Array.from({ length: 8 }, (_, i) => new Date().getFullYear() + 1 - i);

/** A transfer list (one per kind): filters, sort and page in the URL, totals of the filtered set, CSV/XLSX export. */
export function TransferList({ config }: { config: TransferKindConfig }) {
  const t = useT();
  const { tableProps, tableQuery, searchFormProps, filters, sorters } = useTable<TransferShape, HttpError, FilterValues>({
    resource: config.resource,
    syncWithLocation: true,
    sorters: { initial: config.fields.defaultSort ? [config.fields.defaultSort] : [] },
    filters: { defaultBehavior: "replace" },
    onSearch: (v): CrudFilter[] => [
      { field: "q", operator: "eq", value: v.q?.trim() || undefined },
      { field: "year", operator: "eq", value: v.year },
      { field: config.statusField, operator: "in", value: v.status?.length ? v.status : undefined },
      { field: "parliamentarianName", operator: "contains", value: v.parliamentarian?.trim() || undefined },
      { field: "programCode", operator: "eq", value: v.program?.trim() || undefined },
      { field: "grantorName", operator: "contains", value: v.grantor?.trim() || undefined },
      { field: config.plannedField, operator: "gte", value: v.min ?? undefined },
      { field: config.plannedField, operator: "lte", value: v.max ?? undefined },
      { field: config.dateField, operator: "gte", value: v.period?.[0]?.format("YYYY-MM-DD") },
      { field: config.dateField, operator: "lte", value: v.period?.[1]?.format("YYYY-MM-DD") },
    ],
  });

  // The rows render in a transition (in slices) when a page of data arrives, not in one long task.
  const rows = useDeferredValue(tableProps.dataSource);

  const from = getDefaultFilter(config.dateField, filters, "gte");
  const to = getDefaultFilter(config.dateField, filters, "lte");
  const initialValues: FilterValues = {
    q: getDefaultFilter("q", filters, "eq"),
    year: getDefaultFilter("year", filters, "eq") ? Number(getDefaultFilter("year", filters, "eq")) : undefined,
    status: getDefaultFilter(config.statusField, filters, "in"),
    parliamentarian: getDefaultFilter("parliamentarianName", filters, "contains"),
    program: getDefaultFilter("programCode", filters, "eq"),
    grantor: getDefaultFilter("grantorName", filters, "contains"),
    min: getDefaultFilter(config.plannedField, filters, "gte"),
    max: getDefaultFilter(config.plannedField, filters, "lte"),
    period: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null,
  };
  const statusOptions = config.statusCodes.values.map((value) => ({ value, label: t(config.statusCodes.label(value)) }));
  const activeFilters = filters.filter((f) => "field" in f && f.value !== undefined && f.value !== "");
  const { q: _search, ...others } = initialValues;
  const otherFiltersSet = Object.values(others).filter((value) => value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0)).length;

  return (
    <List
      title={t(config.titleKey)}
      headerButtons={
        <>
          <ExportButtons config={config} filters={activeFilters} sorters={sorters} />
          <CanAccessNow resource={config.resource} action="create">
            <Link to={createPath(config)}>
              <Button type="primary" icon={<PlusOutlined />}>
                {t(config.createButtonKey)}
              </Button>
            </Link>
          </CanAccessNow>
        </>
      }
    >
      {config.syncSource ? <SourceFreshnessNote source={config.syncSource} /> : null}
      <Form {...searchFormProps} layout="vertical" initialValues={initialValues} role="search" aria-label={t("buttons.filter")}>
        <Row gutter={12}>
          <Col xs={24} md={12} lg={8}>
            <Form.Item name="q" label={t("transfers.filters.search")}>
              <Input allowClear placeholder={t("transfers.filters.search")} />
            </Form.Item>
          </Col>
          <MoreFilters active={otherFiltersSet}>
            <Col xs={12} md={6} lg={4}>
              <Form.Item name="year" label={t("transfers.filters.year")}>
                <Select allowClear options={YEARS.map((y) => ({ value: y, label: String(y) }))} placeholder={t("transfers.filters.year")} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} lg={6}>
              <Form.Item name="status" label={t("transfers.filters.situation")}>
                <Select mode="multiple" allowClear maxTagCount="responsive" options={statusOptions} placeholder={t("transfers.filters.situation")} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item name="parliamentarian" label={t("transfers.filters.parliamentarian")}>
                <Input allowClear />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} lg={4}>
              <Form.Item name="program" label={t("transfers.filters.program")}>
                <Input allowClear />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} lg={4}>
              <Form.Item name="grantor" label={t("transfers.filters.grantor")}>
                <Input allowClear />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} lg={4}>
              <Form.Item name="min" label={t("transfers.filters.minValue")}>
                <InputNumber min={0} style={{ width: "100%" }} prefix="R$" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} lg={4}>
              <Form.Item name="max" label={t("transfers.filters.maxValue")}>
                <InputNumber min={0} style={{ width: "100%" }} prefix="R$" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item name="period" label={t(`transfers.fields.${config.dateField}`)}>
                <DatePicker.RangePicker format="DD/MM/YYYY" allowEmpty={[true, true]} style={{ width: "100%" }} placeholder={[t("transfers.filters.from"), t("transfers.filters.to")]} />
              </Form.Item>
            </Col>
          </MoreFilters>
          <Col xs={12} md={24} lg={2} style={{ display: "flex", alignItems: "flex-end", paddingBottom: 24 }}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} block>
              {t("buttons.filter")}
            </Button>
          </Col>
        </Row>
      </Form>
      <TotalsBar config={config} filters={activeFilters} />
      {/* Until the first page is drawn a spinner holds its place: an empty table's columns would change width under the rows. */}
      {rows === undefined && (tableProps.loading || tableProps.dataSource !== undefined) ? (
        <PageLoading />
      ) : (
        <Table {...tableProps} pagination={withCappedTotal(tableProps.pagination, tableQuery.data)} dataSource={rows} loading={tableProps.loading || rows !== tableProps.dataSource} rowKey="id" scroll={{ x: "max-content" }} size="middle" columns={fieldColumns(config.fields.columns ?? [], t)} />
      )}
    </List>
  );
}
