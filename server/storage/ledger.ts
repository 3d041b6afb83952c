import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { accountabilityChecklistItems, companies, documentModels, lc210Notices, projectFiles, quotePrices, regularityItems, uploads, users } from "../db/schema";
import { HttpError, registerConstraintMessage } from "../lib/errors";
import type { FileStore } from "./disk";

/**
 * The uploads ledger: every stored upload has a row from the moment it arrives until the file goes.
 * It caps how many unattached uploads a company may hold (UPLOAD_PENDING_MAX) and lets the clean-up
 * remove those never attached within UPLOAD_PENDING_HOURS. Whoever saves a path on a record calls
 * attachUpload in the same transaction; whoever drops one calls forgetUploads.
 */

registerConstraintMessage("uploads_pkey", "Este link de envio já foi usado. Gere um novo link para enviar outro arquivo.");

/** Advisory-lock namespace of the per-company quota (the second key is the company, 0 for the consultancy). */
const QUOTA_LOCK = 73_011;

const pendingOf = (companyId: number | null) =>
  and(isNull(uploads.attachedAt), companyId === null ? isNull(uploads.companyId) : eq(uploads.companyId, companyId));

function quotaExceeded(pending: number, max: number, hours: number): HttpError {
  return new HttpError(
    429,
    `Há ${pending} ${pending === 1 ? "arquivo enviado e ainda não usado" : "arquivos enviados e ainda não usados"} neste cliente (o limite é ${max}). ` +
      `Salve o arquivo no cadastro ou aguarde: arquivos não usados são apagados em ${hours} horas.`,
  );
}

export interface QuotaLimits {
  max: number;
  hours: number;
}

/** Refuses (429) when the company already holds its quota of unattached uploads. */
export async function checkUploadQuota(db: Db, companyId: number | null, limits: QuotaLimits): Promise<void> {
  const pending = await db.$count(uploads, pendingOf(companyId));
  if (pending >= limits.max) throw quotaExceeded(pending, limits.max, limits.hours);
}

export interface NewUpload {
  storagePath: string;
  kind: string;
  ownerId: number;
  companyId: number | null;
  size: number;
  createdAt: Date;
}

/**
 * Records an arriving upload against its company's quota. Run it in the transaction that stores the
 * file: the advisory lock makes parallel uploads of one company count one after another.
 */
export async function recordUpload(tx: Db, upload: NewUpload, limits: QuotaLimits): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${upload.companyId ?? 0})`);
  await checkUploadQuota(tx, upload.companyId, limits);
  await tx.insert(uploads).values(upload);
}

/** Marks an upload as used by a record (its avatar, its logo…): the clean-up leaves it alone. */
export async function attachUpload(db: Db, storagePath: string, at: Date): Promise<void> {
  await db.update(uploads).set({ attachedAt: at }).where(and(eq(uploads.storagePath, storagePath), isNull(uploads.attachedAt)));
}

/** Drops the rows of files that are going away (replaced, or their record removed). */
export async function forgetUploads(db: Db, storagePaths: string[]): Promise<void> {
  if (storagePaths.length) await db.delete(uploads).where(inArray(uploads.storagePath, storagePaths));
}

/**
 * Removes uploads never attached that arrived before `before`: rows first (one statement), then
 * their files. A path some record still names is kept whatever its row says.
 */
export async function removeStaleUploads(db: Db, files: FileStore, before: Date): Promise<string[]> {
  const stale = await db
    .delete(uploads)
    .where(
      and(
        isNull(uploads.attachedAt),
        lt(uploads.createdAt, before),
        sql`not exists (select 1 from ${users} where ${users.avatarPath} = ${uploads.storagePath})`,
        sql`not exists (select 1 from ${companies} where ${companies.logoPath} = ${uploads.storagePath})`,
        sql`not exists (select 1 from ${documentModels} where ${documentModels.filePath} = ${uploads.storagePath})`,
        sql`not exists (select 1 from ${regularityItems} where ${regularityItems.evidencePath} = ${uploads.storagePath})`,
        sql`not exists (select 1 from ${projectFiles} where ${projectFiles.filePath} = ${uploads.storagePath})`,
        sql`not exists (select 1 from ${quotePrices} where ${quotePrices.filePath} = ${uploads.storagePath})`,
        sql`not exists (select 1 from ${accountabilityChecklistItems} where ${accountabilityChecklistItems.filePath} = ${uploads.storagePath})`,
        sql`not exists (select 1 from ${lc210Notices} where ${lc210Notices.proofPath} = ${uploads.storagePath})`,
      ),
    )
    .returning({ storagePath: uploads.storagePath });
  const paths = stale.map((row) => row.storagePath);
  for (const storagePath of paths) await files.remove(storagePath);
  return paths;
}

/** The scheduled job that runs the clean-up: every hour, at minute 17 (once across instances on PostgreSQL). */
export const UPLOAD_CLEANUP_JOB = "uploads-cleanup";
export const UPLOAD_CLEANUP_SCHEDULE = "17 * * * *";

declare module "fastify" {
  interface FastifyInstance {
    /** Removes the uploads never attached within UPLOAD_PENDING_HOURS; what the hourly job runs. */
    cleanUploads(): Promise<string[]>;
  }
}

/** Declares the hourly clean-up on the job runner (server/jobs); main.ts starts the schedules. */
export function scheduleUploadCleanup(app: FastifyInstance): void {
  app.decorate("cleanUploads", async () => {
    const before = new Date(app.now() - app.config.uploads.pendingHours * 60 * 60 * 1000);
    const removed = await removeStaleUploads(app.db, app.storage.files, before);
    if (removed.length) app.log.info({ removed: removed.length }, "envios não usados removidos");
    return removed;
  });
  app.jobs.define({
    name: UPLOAD_CLEANUP_JOB,
    schedule: UPLOAD_CLEANUP_SCHEDULE,
    timeoutMinutes: 10,
    handler: async () => {
      await app.cleanUploads();
    },
  });
}
