import type { DefinedAdminResource } from "./define-admin-resource";
import { dashboardArea } from "./dashboard";
import { transfersAreas } from "./transfers";
import { accessLogsArea } from "./access-logs";
import { companiesArea } from "./companies";
import { settingsAreas } from "./settings";
import { profileArea } from "./profile";
import { contentAreas } from "./content";
import { alertsArea } from "./alerts";
import { usefulLinksArea } from "./useful-links";
import { categoriesArea } from "./categories";
import { captacaoAreas } from "./captacao";
import { regularityArea } from "./regularity";
import { requirementsArea } from "./requirements";
import { projectsAreas } from "./projects";
import { quotesArea } from "./quotes";
import { reportsAreas } from "./reports";
import { accountabilityArea } from "./accountability";
import { municipalAmendmentsArea } from "./municipal-amendments";
import { risksArea } from "./risks";
import { portfolioArea } from "./portfolio";
import { clientReportsArea } from "./client-reports";

/** Every admin area, in menu order. Adding an area is one line here. */
export const adminAreas: DefinedAdminResource[] = [dashboardArea, risksArea, ...transfersAreas, municipalAmendmentsArea, companiesArea, ...settingsAreas, ...captacaoAreas, ...projectsAreas, quotesArea, ...contentAreas, usefulLinksArea, categoriesArea, alertsArea, regularityArea, accountabilityArea, requirementsArea, ...reportsAreas, portfolioArea, clientReportsArea, accessLogsArea, profileArea];
