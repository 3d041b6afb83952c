import { refine } from "./refine";
import { common } from "./common";
import { accessLogs } from "./access-logs";
import { transfers } from "./transfers";
import { companies } from "./companies";
import { users } from "./users";
import { settings } from "./settings";
import { resource } from "./resource";
import { sync } from "./sync";
import { content } from "./content";
import { alerts } from "./alerts";
import { usefulLinks } from "./useful-links";
import { categories } from "./categories";
import { captacao } from "./captacao";
import { regularity } from "./regularity";
import { requirements } from "./requirements";
import { projects } from "./projects";
import { quotes } from "./quotes";
import { reports } from "./reports";
import { accountability } from "./accountability";
import { municipalAmendments } from "./municipal-amendments";
import { risks } from "./risks";
import { clientReports } from "./client-reports";

/** All pt-BR texts. Each admin area adds its file and one line here. */
export const ptBR = {
  ...refine,
  ...common,
  ...accessLogs,
  ...transfers,
  ...companies,
  ...users,
  ...settings,
  ...resource,
  ...sync,
  ...content,
  ...alerts,
  ...usefulLinks,
  ...categories,
  ...captacao,
  ...regularity,
  ...requirements,
  ...projects,
  ...quotes,
  ...reports,
  ...accountability,
  ...municipalAmendments,
  ...risks,
  ...clientReports,
};
