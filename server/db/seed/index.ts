import { count } from "drizzle-orm";
import type { Db } from "../client";
import { companies, users } from "../schema";
import { DEMO_ACCOUNTS, DEMO_COMPANIES, demoUid, type DemoFileStore } from "./demo-accounts";
import { seedTransfers } from "./transfers";
import { seedParcerias } from "./parcerias";
import { seedFiscalIndicators } from "./fiscal-indicators";
import { seedCompanies } from "./companies";
import { seedContent } from "./content";
import { seedAlerts } from "./alerts";
import { seedCaptacao } from "./captacao";
import { seedRegularity } from "./regularity";
import { seedRequirements } from "./requirements";
import { seedLibrary } from "./library";
import { seedProjects, writeDemoProjectFiles } from "./projects";
import { seedQuotes, writeDemoQuoteEvidence } from "./quotes";
import { writeDemoModelFiles } from "./model-files";
import { seedAccountability } from "./accountability";
import { seedMunicipalAmendments } from "./municipal-amendments";
import { seedAccountTrail } from "./account-trail";
import { seedClientReports } from "./client-reports";
import { seedRisks } from "./risks";
import { seedTransferInstruments, writeDemoInstrumentFiles } from "./transfer-instruments";

/** Area seeds run after companies and users, in order, on a first start. One line per area. */
type AreaSeed = (db: Db, companyIds: number[]) => Promise<void>;
export const areaSeeds: AreaSeed[] = [(db, ids) => seedTransfers(db, ids), (db, ids) => seedParcerias(db, ids), (db, ids) => seedFiscalIndicators(db, ids), seedCompanies, (db) => seedContent(db), (db) => seedLibrary(db), (db, ids) => seedRegularity(db, ids), seedRequirements, seedCaptacao, seedProjects, seedQuotes, seedAlerts, (db, ids) => seedAccountability(db, ids), seedMunicipalAmendments, seedAccountTrail, (db, ids) => seedRisks(db, ids), (db, ids) => seedClientReports(db, ids), (db) => seedTransferInstruments(db)];

/** Fills an empty database with the demo municipalities, accounts and area data. Returns false when data exists. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(companies);
  if (n > 0) return false;
  await db.transaction(async (tx) => {
    // The demo portals are live from the start (a new client starts unpublished: publishing is a decision).
    const inserted = await tx.insert(companies).values(DEMO_COMPANIES.map((c) => ({ ...c, publicPortalEnabled: true }))).returning({ id: companies.id });
    const ids = inserted.map((c) => c.id);
    await tx.insert(users).values(
      DEMO_ACCOUNTS.map((a) => ({
        email: a.email,
        firebaseUid: demoUid(a.email),
        name: a.name,
        role: a.role,
        companyId: a.company === null ? null : ids[a.company],
        acceptTerms: a.acceptTerms,
        acceptTermsAt: a.acceptTerms ? new Date() : null,
      })),
    );
    for (const seed of areaSeeds) await seed(tx as unknown as Db, ids);
  });
  return true;
}

/**
 * Writes the demo records' files where their rows point, each only when missing: the seed's second
 * half, run once the file store exists. The library's models first (a few, quick; `models` settles when
 * they are written), then the projects' photos and documents and the closed price research's evidence
 * (a few dozen PDFs and photos: `all` settles when everything is written).
 */
export function writeDemoFiles(db: Db, files: DemoFileStore): { models: Promise<void>; all: Promise<void> } {
  const models = writeDemoModelFiles(db, files);
  const all = models.then(async () => {
    await writeDemoProjectFiles(db, files);
    await writeDemoQuoteEvidence(db, files);
    await writeDemoInstrumentFiles(db, files);
  });
  return { models, all };
}
