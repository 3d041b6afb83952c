import type { AdminArea } from "./types";
import { dashboardArea } from "./dashboard";
import { transfersArea } from "./transfers";
import { accessLogsArea } from "./access-logs";
import { companiesArea } from "./companies";
import { settingsArea } from "./settings";
import { profileArea } from "./profile";
import { contentArea } from "./content";

/** Every admin area, in menu order. Adding an area is one line here. */
export const adminAreas: AdminArea[] = [dashboardArea, transfersArea, companiesArea, settingsArea, contentArea, accessLogsArea, profileArea];
