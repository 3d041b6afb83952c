import { useSelect } from "@refinedev/antd";
import { Select } from "antd";
import { BREAKPOINTS, useMediaQuery } from "@/components/theme";
import { BankOutlined } from "@ant-design/icons";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { Company } from "@/domain/companies";
import { formatCnpj } from "@/domain/cnpj";
import { authCompFromSearch, parseAuthComp } from "@/lib/auth-comp";
import { switchTarget } from "./target";

const ALL = "all";

/** The ADMIN's company select (loaded on demand: it brings Refine's antd hooks and the CNPJ helpers). */
export default function CompanySelect() {
  const { t } = useTranslation();
  const small = !useMediaQuery(BREAKPOINTS.sm);
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const active = parseAuthComp(authCompFromSearch(search));
  const { selectProps, query, defaultValueQuery } = useSelect<Company>({
    resource: "companies",
    optionLabel: "name",
    optionValue: (company) => String(company.id),
    defaultValue: active?.companyId,
    sorters: [{ field: "name", order: "asc" }],
    pagination: { pageSize: 20, mode: "server" },
    onSearch: (value) => [{ field: "q", operator: "eq", value }],
    errorNotification: false,
  });
  const known = [...(query.data?.data ?? []), ...(defaultValueQuery.data?.data ?? [])];

  return (
    <Select<string>
      showSearch
      filterOption={false}
      onSearch={selectProps.onSearch}
      loading={selectProps.loading}
      aria-label={t("companySwitcher.label")}
      suffixIcon={<BankOutlined />}
      style={{ width: small ? 150 : 240 }}
      popupMatchSelectWidth={260}
      placeholder={t("companySwitcher.placeholder")}
      value={active?.companyId ?? ALL}
      options={[{ label: t("companySwitcher.all"), value: ALL }, ...(selectProps.options ?? [])]}
      optionRender={(option) =>
        option.value === ALL ? (
          <strong>{option.label}</strong>
        ) : (
          <span>
            {option.label}
            <br />
            <small style={{ opacity: 0.65 }}>{formatCnpj(known.find((c) => String(c.id) === option.value)?.cnpj)}</small>
          </span>
        )
      }
      onChange={(value) => {
        const company = value === ALL ? null : known.find((c) => String(c.id) === String(value));
        if (value !== ALL && !company) return;
        navigate(switchTarget(pathname, company ?? null));
      }}
    />
  );
}
