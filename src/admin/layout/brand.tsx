import { useLink } from "@refinedev/core";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";

/** Logo and product name, linking to the dashboard. */
export function Brand({ collapsed, dark = false }: { collapsed: boolean; dark?: boolean }) {
  const { t } = useTranslation();
  const Link = useLink();
  return (
    <Link to="/admin/dashboard" className="admin-brand" aria-label={t("app.name")}>
      <img src="/icons/icon.svg" alt="" width={28} height={28} />
      {collapsed ? null : (
        <Typography.Text strong style={{ fontSize: 16, whiteSpace: "nowrap", color: dark ? "#fff" : undefined }}>
          {t("app.name")}
        </Typography.Text>
      )}
    </Link>
  );
}
