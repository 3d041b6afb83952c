import { NavigateKeepingQuery } from "@/components/navigate-keeping-query";
import { screenUrl } from "@/domain/admin-screens";

/** /admin/reports: the first report. */
export default function ReportsIndex() {
  return <NavigateKeepingQuery to={screenUrl("reports-fundraising", "list")} />;
}
