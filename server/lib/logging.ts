import path from "node:path";
import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config";

/**
 * Where the server's log goes (issue 36 item 9, "a console a developer can read"):
 * - production: JSON lines on stdout at LOG_LEVEL (info by default), for the platform's collector;
 * - a developer's machine (`npm start`): the terminal shows only warnings and errors (LOG_LEVEL=info
 *   brings every request back), readable (pino-pretty) when it is a terminal; every request goes to
 *   DATA_DIR/logs/servidor.log as JSON all the same, for when something needs looking into;
 * - tests: nothing (LOG_LEVEL=silent).
 */
export interface LogPlan {
  /** What the terminal (stdout) shows. */
  console: { level: Config["logLevel"]; pretty: boolean };
  /** The per-request file, or none. */
  file: { path: string; level: "info" } | null;
}

export function logPlan(config: Pick<Config, "env" | "logLevel" | "dataDir">, stdoutIsTerminal: boolean): LogPlan | null {
  if (config.logLevel === "silent") return null;
  if (config.env === "production") return { console: { level: config.logLevel, pretty: false }, file: null };
  return { console: { level: config.logLevel, pretty: stdoutIsTerminal }, file: { path: logFileOf(config.dataDir), level: "info" } };
}

export const logFileOf = (dataDir: string) => path.join(dataDir, "logs", "servidor.log");

const LEVEL_ORDER = ["trace", "debug", "info", "warn", "error", "fatal"] as const;
const lowest = (...levels: string[]) => LEVEL_ORDER.find((level) => levels.includes(level)) ?? "info";

/** Fastify's logger option for the plan: plain pino options, or pino transports (pretty, file). */
export function fastifyLogger(plan: LogPlan | null): FastifyServerOptions["logger"] {
  if (!plan) return false;
  if (!plan.file && !plan.console.pretty) return { level: plan.console.level };
  const targets = [
    plan.console.pretty
      ? { target: "pino-pretty", level: plan.console.level, options: { destination: 1, colorize: true, translateTime: "HH:MM:ss", ignore: "pid,hostname" } }
      : { target: "pino/file", level: plan.console.level, options: { destination: 1 } },
    ...(plan.file ? [{ target: "pino/file", level: plan.file.level, options: { destination: plan.file.path, mkdir: true } }] : []),
  ];
  return { level: lowest(plan.console.level, ...(plan.file ? [plan.file.level] : [])), transport: { targets } };
}
