import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuthUser } from "./session";

/**
 * `npm run sync` / `npm run import:siconv` on the embedded stack: PGlite belongs to the running
 * server's process, so the command line asks that server. The server writes a fresh random token
 * to DATA_DIR/cli-token (readable by its own user only) at each start; a request from this machine
 * (the socket's own address, not a forwarded one) carrying it acts as an ADMIN on the sync and
 * import routes, and nowhere else.
 */

const TOKEN_FILE = "cli-token";
let serverToken: Buffer | undefined;

export const cliTokenPath = (dataDir: string) => path.join(dataDir, TOKEN_FILE);

/** Creates this start's token and removes it when the server closes. */
export function enableCliAccess(app: FastifyInstance, dataDir: string): void {
  const token = randomBytes(32).toString("hex");
  mkdirSync(dataDir, { recursive: true });
  const file = cliTokenPath(dataDir);
  writeFileSync(file, token, { mode: 0o600 });
  serverToken = Buffer.from(token);
  app.addHook("onClose", async () => {
    serverToken = undefined;
    rmSync(file, { force: true });
  });
}

export function readCliToken(dataDir: string): string | undefined {
  try {
    return readFileSync(cliTokenPath(dataDir), "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/** The command line's user: an ADMIN with no account (id 0), recorded as trigger "cli". */
function commandLineUser(): AuthUser {
  const now = new Date();
  return {
    id: 0,
    firebaseUid: null,
    email: "linha-de-comando@localhost",
    name: "Linha de comando",
    version: 1,
    role: "ADMIN",
    companyId: null,
    phone: null,
    avatarPath: null,
    active: true,
    acceptTerms: true,
    acceptTermsAt: now,
    lastLoginAt: null,
    invitedAt: null,
    createdAt: now,
    updatedAt: now,
    company: null,
    sessionHash: "cli",
  };
}

/** preHandler of the sync routes: a loopback request with this start's token acts as the command line. */
export async function cliUser(request: FastifyRequest): Promise<void> {
  if (request.user || !serverToken) return;
  const header = request.headers.authorization;
  if (!header?.startsWith("Bearer ")) return;
  const given = Buffer.from(header.slice(7).trim());
  if (given.length !== serverToken.length || !timingSafeEqual(given, serverToken)) return;
  if (!LOOPBACK.has(request.socket.remoteAddress ?? "")) return;
  request.user = commandLineUser();
}
