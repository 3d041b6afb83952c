import { List, useTable } from "@refinedev/antd";
import { CanAccess, Link, getDefaultFilter, useTranslate, type CrudFilter, type HttpError } from "@refinedev/core";
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Table } from "antd";
import { PlusOutlined, SearchOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { formatDate, formatMoney } from "@/lib/format";
import { ExportButtons, StatusTag, TotalsBar } from "./components";
import { createPath, infoPath, type TransferKindConfig } from "./kinds";

export type TransferRow = Record<string, string | number | boolean | null> & { id: number };

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

function columnsFor(config: TransferKindConfig, t: ReturnType<typeof useTranslate>) {
  const money = (field: string, title: string) => (
    <Table.Column<TransferRow> key={field} dataIndex={field} title={title} sorter align="right" render={(v: string) => formatMoney(v)} />
  );
  const key = (
    <Table.Column<TransferRow>
      key={config.keyField}
      dataIndex={config.keyField}
      title={t(config.keyLabel)}
      sorter
      fixed="left"
      render={(value: string) => <Link to={infoPath(config, value)}>{value}</Link>}
    />
  );
  const status = (
    <Table.Column<TransferRow> key={config.statusField} dataIndex={config.statusField} title={t("transfers.fields.situation")} render={(v: string) => <StatusTag group={config.statusGroup} code={v} />} />
  );
  const year = <Table.Column<TransferRow> key="year" dataIndex="year" title={t("transfers.fields.year")} sorter />;
  if (config.kind === "imposition") {
    return [
      key,
      year,
      <Table.Column<TransferRow> key="parliamentarianName" dataIndex="parliamentarianName" title={t("transfers.fields.parliamentarianName")} sorter />,
      <Table.Column<TransferRow> key="objectName" dataIndex="objectName" title={t("transfers.fields.objectName")} ellipsis />,
      status,
      money("plannedValue", t("transfers.fields.plannedValue")),
      money("committedValue", t("transfers.fields.committedValue")),
      money("paidValue", t("transfers.fields.paidValue")),
    ];
  }
  if (config.kind === "voluntary") {
    return [
      key,
      year,
      <Table.Column<TransferRow> key="object" dataIndex="object" title={t("transfers.fields.object")} ellipsis />,
      <Table.Column<TransferRow> key="grantorAcronym" dataIndex="grantorAcronym" title={t("transfers.fields.grantor")} sorter />,
      status,
      money("transferValue", t("transfers.fields.transferValue")),
      money("committedValue", t("transfers.fields.committedValue")),
      money("paidValue", t("transfers.fields.disbursedValue")),
      <Table.Column<TransferRow> key="validityEnd" dataIndex="validityEnd" title={t("transfers.fields.validityEnd")} sorter render={(v: string) => formatDate(v)} />,
    ];
  }
  return [
    key,
    year,
    <Table.Column<TransferRow> key="programName" dataIndex="programName" title={t("transfers.fields.programName")} ellipsis />,
    <Table.Column<TransferRow> key="grantorAcronym" dataIndex="grantorAcronym" title={t("transfers.fields.transferringFundName")} sorter />,
    status,
    money("totalTransferValue", t("transfers.fields.totalTransferValue")),
    money("paidValue", t("transfers.fields.paidValue")),
    <Table.Column<TransferRow> key="validityEnd" dataIndex="validityEnd" title={t("transfers.fields.validityEnd")} sorter render={(v: string) => formatDate(v)} />,
  ];
}

/** A transfer list (one per kind): filters, sort and page in the URL, totals of the filtered set, CSV/XLSX export. */
export function TransferList({ config }: { config: TransferKindConfig }) {
  const t = useTranslate();
  const { tableProps, searchFormProps, filters, sorters } = useTable<TransferRow, HttpError, FilterValues>({
    resource: config.resource,
    syncWithLocation: true,
    sorters: { initial: [{ field: "year", order: "desc" }] },
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
  const statusOptions = config.statusValues.map((value) => ({ value, label: t(`${config.statusGroup}.${value}`) }));
  const activeFilters = filters.filter((f) => "field" in f && f.value !== undefined && f.value !== "");

  return (
    <List
      title={t(config.titleKey)}
      headerButtons={
        <>
          <ExportButtons config={config} filters={activeFilters} sorters={sorters} />
          <CanAccess resource={config.resource} action="create">
            <Link to={createPath(config)}>
              <Button type="primary" icon={<PlusOutlined />}>
                {t(config.createButtonKey)}
              </Button>
            </Link>
          </CanAccess>
        </>
      }
    >
      <Form {...searchFormProps} layout="vertical" initialValues={initialValues} role="search" aria-label={t("buttons.filter")}>
        <Row gutter={12}>
          <Col xs={24} md={12} lg={8}>
            <Form.Item name="q" label={t("transfers.filters.search")}>
              <Input allowClear placeholder={t("transfers.filters.search")} />
            </Form.Item>
          </Col>
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
          <Col xs={24} lg={2} style={{ display: "flex", alignItems: "flex-end", paddingBottom: 24 }}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} block>
              {t("buttons.filter")}
            </Button>
          </Col>
        </Row>
      </Form>
      <TotalsBar config={config} filters={activeFilters} />
      <Table {...tableProps} rowKey="id" scroll={{ x: 1000 }} size="middle">
        {columnsFor(config, t)}
      </Table>
    </List>
  );
}
