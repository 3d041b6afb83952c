import { buildDatabaseTemplate } from "./database-template";

/** Vitest global setup of the API project: the migrated, seeded database every test file copies. */
export default async function setup() {
  return buildDatabaseTemplate();
}
