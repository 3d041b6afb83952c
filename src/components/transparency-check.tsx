import { Alert, Button, Card, List, Space, Tag, Typography } from "antd";
import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined } from "@ant-design/icons";
import { Link, useCustom } from "@refinedev/core";
import { useLocation } from "react-router";
import type { TransparencyCheck } from "@/domain/transparency-check";
import { AUTH_COMP, formatAuthComp, withAuthComp } from "@/lib/auth-comp";
import { useT } from "@/providers/i18n";

/**
 * The PNTP 2025 self-check of a portal (GET /api/transparency-check): each criterion, pass or fail,
 * why, and a link to fix it. The managers see their own company's in /admin/settings/transparency-check;
 * the consultancy sees a client's in its transparency tab (`companyId` names it), where it is also
 * the checklist before publishing the portal.
 */
export function TransparencyCheckPanel({ company }: { company?: { id: number; cnpj: string } }) {
  const t = useT();
  const location = useLocation();
  // The fix links act in the checked company: the consultancy's come with that client chosen.
  const search = company ? `?${AUTH_COMP}=${formatAuthComp(company.id, company.cnpj)}` : location.search;
  const companyId = company?.id;
  const { result, query } = useCustom<TransparencyCheck>({
    url: "/api/transparency-check",
    method: "get",
    config: companyId ? { headers: { "x-company-id": String(companyId) } } : undefined,
    queryOptions: { queryKey: ["transparency-check", companyId ?? "own"] },
    errorNotification: false,
  });
  const check = query.isSuccess ? (result?.data as TransparencyCheck | undefined) : undefined;
  return (
    <Card
      title={t("transparencyCheck.title")}
      loading={query.isLoading}
      data-testid="transparency-check"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
          {t("transparencyCheck.recheck")}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t("transparencyCheck.intro")}</Typography.Paragraph>
      {query.isError ? <Alert type="error" showIcon message={t("transparencyCheck.failed")} /> : null}
      {check ? (
        <Space direction="vertical" size="middle" style={{ width: "100%" }}>
          <Alert
            type={check.passed ? "success" : "warning"}
            showIcon
            message={check.passed ? t("transparencyCheck.allPassed") : t("transparencyCheck.someFailed")}
            description={
              <>
                {check.published ? (
                  <a href={check.portalPath} target="_blank" rel="noreferrer">
                    {check.portalPath}
                  </a>
                ) : (
                  t("transparencyCheck.unpublished")
                )}
                {check.notices.map((notice) => (
                  <div key={notice}>{notice}</div>
                ))}
              </>
            }
          />
          {check.criteria.map((criterion) => (
            <section key={criterion.code} aria-label={criterion.title}>
              <Typography.Title level={4} style={{ marginTop: 0 }}>
                {criterion.title}{" "}
                <Tag color={criterion.passed ? "green" : "red"}>{criterion.passed ? t("transparencyCheck.passed") : t("transparencyCheck.failedTag")}</Tag>
              </Typography.Title>
              <List
                dataSource={criterion.items}
                rowKey="id"
                renderItem={(item) => (
                  <List.Item
                    data-testid={`check-${item.id}`}
                    actions={item.fix ? [<Link key="fix" to={withAuthComp(item.fix.path, search)}>{item.fix.label}</Link>] : undefined}
                  >
                    <List.Item.Meta
                      avatar={
                        item.passed ? (
                          <CheckCircleFilled style={{ color: "#2f7d1e", fontSize: 20 }} aria-label={t("transparencyCheck.passed")} />
                        ) : (
                          <CloseCircleFilled style={{ color: "#b42318", fontSize: 20 }} aria-label={t("transparencyCheck.failedTag")} />
                        )
                      }
                      title={item.label}
                      description={item.reason}
                    />
                  </List.Item>
                )}
              />
            </section>
          ))}
          <Typography.Text type="secondary">{t("transparencyCheck.checkedAt", { when: new Date(check.checkedAt).toLocaleString("pt-BR") })}</Typography.Text>
        </Space>
      ) : null}
    </Card>
  );
}
