import { useOne } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Avatar, Descriptions, Skeleton, Tag, Typography } from "antd";
import { PictureOutlined } from "@ant-design/icons";
import type { Company } from "@/domain/companies";
import { formatCnpj } from "@/domain/cnpj";
import { municipalityOf } from "@/domain/companies";
import { formatMoment } from "@/lib/format";

/** The company's data as read-only descriptions (company data tab; settings 'Prefeitura - dados'). */
export function CompanyDetails({ company }: { company: Company }) {
  const t = useT();
  const municipality = municipalityOf(company.ibgeCode);
  const dash = "—";
  return (
    <Descriptions column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} bordered size="middle">
      <Descriptions.Item label={t("companies.fields.logo")} span={2}>
        <Avatar shape="square" size={64} src={company.logoUrl ?? undefined} icon={<PictureOutlined />} alt={t("companies.fields.logo")} />
      </Descriptions.Item>
      <Descriptions.Item label={t("companies.fields.name")}>{company.name}</Descriptions.Item>
      <Descriptions.Item label={t("companies.fields.cnpj")}>{formatCnpj(company.cnpj)}</Descriptions.Item>
      <Descriptions.Item label={t("companies.fields.legalName")}>{company.legalName ?? dash}</Descriptions.Item>
      <Descriptions.Item label={t("companies.fields.municipality")}>
        {municipality ? `${municipality.name} - ${municipality.uf}` : dash}
        {company.ibgeCode ? <Typography.Text type="secondary"> (IBGE {company.ibgeCode})</Typography.Text> : null}
      </Descriptions.Item>
      <Descriptions.Item label={t("companies.fields.mayorName")}>{company.mayorName ?? dash}</Descriptions.Item>
      <Descriptions.Item label={t("companies.fields.email")}>{company.email ?? dash}</Descriptions.Item>
      <Descriptions.Item label={t("companies.fields.phone")}>{company.phone ?? dash}</Descriptions.Item>
      <Descriptions.Item label={t("companies.fields.publicPortalEnabled")}>
        <Tag color={company.publicPortalEnabled ? "green" : "default"}>
          {company.publicPortalEnabled ? t("companies.portal.on") : t("companies.portal.off")}
        </Tag>
        <Typography.Link href={`/transparency/${company.slug}`} target="_blank" rel="noreferrer">
          /transparency/{company.slug}
        </Typography.Link>
      </Descriptions.Item>
      <Descriptions.Item label={t("companies.fields.usersCount")}>{company.usersCount}</Descriptions.Item>
      <Descriptions.Item label={t("companies.fields.createdAt")}>{formatMoment(company.createdAt)}</Descriptions.Item>
    </Descriptions>
  );
}

/** Loads a company and shows its details. */
export function CompanyDetailsById({ companyId }: { companyId: number | string }) {
  const { result, query } = useOne<Company>({ resource: "companies", id: companyId });
  if (query.isLoading || !result) return <Skeleton active />;
  return <CompanyDetails company={result} />;
}
