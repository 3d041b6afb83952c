import type { ReactNode } from "react";
import { Card, Typography } from "antd";
import { useTranslation } from "react-i18next";

/** The auth layout: a centred card with the product's name. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main style={{ minHeight: "100vh", display: "grid", placeItems: "center", padding: 16, background: "linear-gradient(160deg, #eef6eb 0%, #f7f9fb 60%)" }}>
      <div style={{ width: "100%", maxWidth: 400 }}>
        <div style={{ textAlign: "center", marginBottom: 24 }}>
          <img src="/icons/icon.svg" alt="" width={56} height={56} />
          <Typography.Title level={3} style={{ margin: "8px 0 0" }}>
            {t("app.name")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("app.tagline")}</Typography.Text>
        </div>
        <Card>
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {title}
          </Typography.Title>
          {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
          {children}
        </Card>
      </div>
    </main>
  );
}
