import { useGetIdentity } from "@refinedev/core";
import { Card, Typography } from "antd";
import type { SessionUser } from "@/domain/auth";

/** /admin/dashboard: the landing page after login. The Transfers area fills it with totals. */
export default function DashboardPage() {
  const { data: user } = useGetIdentity<SessionUser>();
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Olá, {user?.name?.split(" ")[0]}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {user?.customClaims.companyName ? `Prefeitura de ${user.customClaims.companyName}` : "Consultoria: todos os clientes"}
      </Typography.Paragraph>
    </Card>
  );
}
