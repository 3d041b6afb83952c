import type { FastifyPluginAsync } from "fastify";
import health from "./health";
import runtimeConfig from "./runtime-config";
import auth from "./auth";
import log from "./log";
import users from "./users";
import assistant from "../assistant/routes";
import transfers from "./transfers";
import transactionPayments from "./transaction-payments";
import dashboard from "../dashboard/routes";
import publicSite from "./public";
import companies from "./companies";
import invites from "./invites";
import files from "./files";
import sync from "./sync";
import content from "../content/routes";
import alerts from "../alerts/routes";
import captacao from "../captacao/routes";
import regularity from "./regularity";
import requirements from "../requirements/routes";
import reports from "../reports/routes";
import projects from "./projects";
import quotes from "./quotes";
import accountability from "./accountability";
import deadlineDigest from "./deadlines";
import deadlines from "../deadlines/routes";

/** Every API module, mounted under /api. Adding an area is one line here. */
export const routes: FastifyPluginAsync[] = [health, runtimeConfig, auth, log, users, assistant, transfers, transactionPayments, dashboard, publicSite, companies, invites, files, sync, content, regularity, requirements, captacao, alerts, accountability, deadlineDigest, deadlines, reports, projects, quotes];
