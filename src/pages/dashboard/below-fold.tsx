import { Link } from "@refinedev/core";
import { Card, Space, Table } from "antd";
import { DeadlineCenterCard } from "@/components/alert-bell/deadline-center-card";
import { OpenProgramsCard } from "@/components/captacao/open-programs-card";
import { formatDate, formatMoney } from "@/lib/format";
import { useT } from "@/providers/i18n";
import { infoPath, type LatestPayment } from "./screens";

/**
 * The dashboard under its first screen: the deadline center, the open programs and the latest
 * payments. A module of its own, loaded once the figures are painted (./index.tsx), so a first load
 * neither downloads nor runs its code (antd's Table, the deadline list) before the figures show.
 */
export default function BelowFold({ latestPayments }: { latestPayments: LatestPayment[] }) {
  const t = useT();
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <DeadlineCenterCard />

      <OpenProgramsCard />

      <Card title={t("dashboard.latestPayments")}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 640 }}
          dataSource={latestPayments}
          locale={{ emptyText: t("dashboard.empty") }}
          columns={[
            { title: t("payments.fields.paymentDate"), dataIndex: "paymentDate", render: (v: string) => formatDate(v) },
            { title: t("payments.fields.transfer"), dataIndex: "nrTransfer", render: (v: string, r) => <Link to={infoPath(r.transferKind, v)}>{v}</Link> },
            { title: t("payments.fields.kind"), dataIndex: "kind", render: (v: string) => t(`payments.kinds.${v}`) },
            { title: t("payments.fields.documentNumber"), dataIndex: "documentNumber" },
            { title: t("payments.fields.amount"), dataIndex: "amount", align: "right", render: (v: string) => formatMoney(v) },
          ]}
        />
      </Card>
    </Space>
  );
}
