import type { DefinedAdminResource } from "./define-admin-resource";
import { dashboardArea } from "./dashboard";
import { transfersAreas } from "./transfers";
import { accessLogsArea } from "./access-logs";
import { companiesArea } from "./companies";
import { settingsAreas } from "./settings";
import { profileArea } from "./profile";
import { contentAreas } from "./content";
import { alertsArea } from "./alerts";

/** Every admin area, in menu order. Adding an area is one line here. */
export const adminAreas: DefinedAdminResource[] = [dashboardArea, ...transfersAreas, companiesArea, ...settingsAreas, ...contentAreas, alertsArea, accessLogsArea, profileArea];
