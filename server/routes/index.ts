import type { FastifyPluginAsync } from "fastify";
import health from "./health";
import runtimeConfig from "./runtime-config";
import auth from "./auth";
import log from "./log";
import users from "../users/routes";
import assistant from "./assistant";
import transfers from "./transfers";
import transactionPayments from "./transaction-payments";
import dashboard from "./dashboard";
import publicSite from "./public";
import companies from "../companies/routes";
import files from "./files";
import sync from "./sync";
import content from "./content";
import alerts from "./alerts";
import contentSearch from "./content-search";
import captacao from "./captacao";
import regularity from "./regularity";
import requirements from "./requirements";
import library from "./library";
import reports from "./reports";
import projects from "./projects";
import quotes from "./quotes";
import accountability from "./accountability";
import deadlines from "./deadlines";

/** Every API module, mounted under /api. Adding an area is one line here. */
export const routes: FastifyPluginAsync[] = [health, runtimeConfig, auth, log, users, assistant, transfers, transactionPayments, dashboard, publicSite, companies, files, sync, content, regularity, requirements, captacao, alerts, contentSearch, library, accountability, deadlines, reports, projects, quotes];
