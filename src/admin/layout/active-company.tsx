import { useOne } from "@refinedev/core";
import { Tag, Typography } from "antd";
import { BankOutlined } from "@ant-design/icons";
import { useLocation } from "react-router";
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj";
import { useTranslation } from "react-i18next";
import { authCompFromSearch, parseAuthComp } from "@/lib/auth-comp";

export interface ActiveCompany {
  id: string;
  cnpj: string;
  /** Known once the company was loaded (GET /api/companies/{id}). */
  name: string | null;
}

/** The company an ADMIN acts in, named by ?authComp= (spec section 3, "company context"). */
export function useActiveCompany(): ActiveCompany | null {
  const { search } = useLocation();
  const context = parseAuthComp(authCompFromSearch(search));
  const { result } = useOne<{ id: number; cnpj: string; name: string }>({
    resource: "companies",
    id: context?.companyId ?? "",
    errorNotification: false,
    queryOptions: { enabled: Boolean(context), retry: false, staleTime: 5 * 60_000 },
  });
  if (!context) return null;
  const loaded = result && String(result.id) === context.companyId ? result : undefined;
  return { id: context.companyId, cnpj: context.cnpj, name: loaded?.name ?? null };
}

/** The header's company label for an ADMIN: the active authComp company, or all companies. */
export function ActiveCompanyLabel() {
  const { t } = useTranslation();
  const company = useActiveCompany();
  const text = company ? (company.name ?? formatCnpj(company.cnpj)) : t("header.allCompanies");
  return (
    <Tag icon={<BankOutlined />} color={company ? "green" : "default"} style={{ marginInlineEnd: 0, maxWidth: 220, overflow: "hidden", textOverflow: "ellipsis" }}>
      <Typography.Text style={{ color: "inherit" }} aria-label={`${t("header.company")}: ${text}`}>
        {text}
      </Typography.Text>
    </Tag>
  );
}
