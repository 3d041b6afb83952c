import { count } from "drizzle-orm";
import type { Db } from "../client";
import { companies, users } from "../schema";
import { DEMO_ACCOUNTS, DEMO_COMPANIES } from "./demo-accounts";
import { demoUid } from "../../local/demo-identities";
import { seedTransfers } from "./transfers";
import { seedFiscalIndicators } from "./fiscal-indicators";
import { seedCompanies } from "./companies";
import { seedContent } from "./content";
import { seedAlerts } from "./alerts";
import { seedCaptacao } from "./captacao";
import { seedRegularity } from "./regularity";
import { seedRequirements } from "./requirements";
import { seedLibrary } from "./library";
import { seedProjects } from "./projects";
import { seedQuotes } from "./quotes";
import { seedAccountability } from "./accountability";
import { seedMunicipalAmendments } from "./municipal-amendments";

/** Area seeds run after companies and users, in order, on a first start. One line per area. */
type AreaSeed = (db: Db, companyIds: number[]) => Promise<void>;
export const areaSeeds: AreaSeed[] = [(db, ids) => seedTransfers(db, ids), (db, ids) => seedFiscalIndicators(db, ids), seedCompanies, (db) => seedContent(db), (db) => seedLibrary(db), (db, ids) => seedRegularity(db, ids), seedRequirements, seedCaptacao, seedProjects, seedQuotes, seedAlerts, (db, ids) => seedAccountability(db, ids), seedMunicipalAmendments];

/** Fills an empty database with the demo municipalities, accounts and area data. Returns false when data exists. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(companies);
  if (n > 0) return false;
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(companies).values(DEMO_COMPANIES).returning({ id: companies.id });
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
