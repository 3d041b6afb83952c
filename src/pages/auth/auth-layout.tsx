import type { ReactNode } from "react";
import { Card, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { PageTitle } from "@/components/page-title";

/** The auth layout: a centred card with the product's name. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <main style={{ minHeight: "100vh", display: "grid", placeItems: "center", padding: 16, background: "linear-gradient(160deg, #eef6eb 0%, #f7f9fb 60%)" }}>
      <div style={{ width: "100%", maxWidth: 400 }}>
        <div style={{ textAlign: "center", marginBottom: 24 }}>
          <img src="/icons/icon.svg" alt="" width={56} height={56} />
          {/* The product's name is the brand, not a heading: the page's one h1 is the card's title. */}
          <Typography.Paragraph strong style={{ margin: "8px 0 0", fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3 }}>
            {t("app.name")}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t("app.tagline")}</Typography.Text>
        </div>
        <Card>
          <PageTitle style={{ marginBottom: 16 }}>{title}</PageTitle>
          {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
          {children}
        </Card>
      </div>
    </main>
  );
}
