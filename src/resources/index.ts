import type { AdminArea } from "./types";
import { dashboardArea } from "./dashboard";
import { transfersArea } from "./transfers";
import { accessLogsArea } from "./access-logs";

/** Every admin area, in menu order. Adding an area is one line here. */
export const adminAreas: AdminArea[] = [dashboardArea, transfersArea, accessLogsArea];
