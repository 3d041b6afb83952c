import { Tag } from "antd";
import { dueFlags, type ObligationStatus } from "@/domain/accountability";
import { useT } from "@/providers/i18n";

/** An open obligation's flag: late (red), due today or within the lead time (orange); nothing otherwise. */
export function DueTag({ obligation, today, alertDays }: { obligation: { status: string; dueDate: string | null }; today: string | undefined; alertDays: number }) {
  const t = useT();
  if (!today) return null;
  const flags = dueFlags({ status: obligation.status as ObligationStatus, dueDate: obligation.dueDate }, today, alertDays);
  if (flags.overdue) return <Tag color="red">{t("accountability.flags.overdue", { count: -flags.daysLeft! })}</Tag>;
  if (flags.dueSoon) return <Tag color="orange">{flags.daysLeft === 0 ? t("accountability.flags.today") : t("accountability.flags.dueSoon", { count: flags.daysLeft! })}</Tag>;
  return null;
}
