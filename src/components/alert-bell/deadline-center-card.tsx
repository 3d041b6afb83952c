import { useCustom } from "@refinedev/core";
import { Card, Typography } from "antd";
import type { DeadlineCenter } from "@/domain/deadlines";
import { useT } from "@/providers/i18n";
import { DeadlineList } from "./deadline-list";

/** The dashboard's card of the deadline center: the same list as the bell's, for the chosen company. */
export function DeadlineCenterCard() {
  const t = useT();
  const { result, query } = useCustom<DeadlineCenter>({ url: "/api/deadlines", method: "get", errorNotification: false });
  const center = result?.data as Partial<DeadlineCenter> | undefined;
  if (center?.companyId === null) return null;
  const days = center?.alertDays;
  return (
    <Card title={t("deadlines.title")} loading={query.isLoading} data-testid="deadline-center">
      {days ? (
        <Typography.Paragraph type="secondary">
          {t("deadlines.windows", { validity: days.validityAlertDays, accountability: days.accountabilityAlertDays, cauc: days.caucAlertDays })}
        </Typography.Paragraph>
      ) : null}
      <DeadlineList items={center?.items ?? []} emptyText={t("deadlines.empty")} max={15} />
    </Card>
  );
}
