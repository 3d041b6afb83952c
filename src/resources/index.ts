import type { AdminArea } from "./types";
import { dashboardArea } from "./dashboard";
import { transfersAreas } from "./transfers";
import { accessLogsArea } from "./access-logs";
import { companiesArea } from "./companies";
import { settingsArea } from "./settings";
import { profileArea } from "./profile";

/** Every admin area, in menu order. Adding an area is one line here. */
export const adminAreas: AdminArea[] = [dashboardArea, ...transfersAreas, companiesArea, settingsArea, accessLogsArea, profileArea];
