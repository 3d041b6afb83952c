/**
 * The floor of `npm run audit:admin` (scripts/audit-admin.ts): the least page the admin app's first
 * screen could be with antd, the design card's component library. Only antd's layout, a menu, four
 * statistics and a table of 20 rows from one JSON request: no Refine, no router, no session, no other app
 * code (the admin's starting theme and money format only). Its Lighthouse scores on the same machine bound what the admin app can reach.
 */
import { useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { Button, Card, Col, ConfigProvider, Layout, Menu, Row, Space, Statistic, Table, Tag, Typography } from "antd";
import ptBR from "antd/locale/pt_BR";
import { adminTheme, STARTING_THEME } from "@/admin/theme";
import { formatMoney } from "@/lib/format";

interface Transfer {
  id: number;
  number: string;
  object: string;
  value: number;
  situation: string;
}

function Floor() {
  const [rows, setRows] = useState<Transfer[]>();
  useEffect(() => {
    void fetch("/floor-data.json")
      .then((response) => response.json() as Promise<Transfer[]>)
      .then(setRows);
  }, []);
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Sider breakpoint="lg" collapsedWidth={0}>
        <Menu theme="dark" items={Array.from({ length: 10 }, (_, i) => ({ key: String(i), label: `Área ${i + 1}` }))} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: "#fff" }}>
          <Typography.Title level={4}>Painel</Typography.Title>
        </Layout.Header>
        <Layout.Content style={{ padding: 16 }}>
          <Row gutter={[16, 16]}>
            {[1, 2, 3, 4].map((i) => (
              <Col xs={24} md={6} key={i}>
                <Card>
                  <Statistic title={`Indicador ${i}`} value={formatMoney(1_234_567.89 * i)} />
                </Card>
              </Col>
            ))}
          </Row>
          <Space style={{ margin: "16px 0" }}>
            <Button type="primary">Nova</Button>
            <Button>Exportar</Button>
          </Space>
          <Table<Transfer>
            rowKey="id"
            loading={!rows}
            dataSource={rows ?? []}
            pagination={{ pageSize: 20 }}
            columns={[
              { title: "Número", dataIndex: "number", sorter: true },
              { title: "Objeto", dataIndex: "object" },
              { title: "Valor", dataIndex: "value", align: "right", render: formatMoney },
              { title: "Situação", dataIndex: "situation", render: (situation: string) => <Tag color="green">{situation}</Tag> },
            ]}
          />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

createRoot(document.getElementById("root")!).render(
  <ConfigProvider locale={ptBR} theme={adminTheme(STARTING_THEME)}>
    <Floor />
  </ConfigProvider>,
);
