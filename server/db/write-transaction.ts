import { setTimeout as sleep } from "node:timers/promises";
import { isConcurrentWriteFailure } from "../lib/errors";
import type { Db } from "./client";

/** Attempts, in all, at a write that keeps being crossed by others. */
export const WRITE_ATTEMPTS = 3;

/**
 * Runs `work` in one transaction, and again (up to WRITE_ATTEMPTS in all, after a short random pause)
 * when PostgreSQL rolled it back whole for a deadlock or a serialization failure: two proposals moving
 * across the same report rollup rows in opposite order, say. The database undid everything `work` did,
 * so `work` must only touch the database (side effects belong after the commit). Past the last
 * attempt the error goes on, and the client is told, with a 503, that nothing was saved.
 */
export async function writeTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Db));
    } catch (error) {
      if (attempt >= WRITE_ATTEMPTS || !isConcurrentWriteFailure(error)) throw error;
      // Apart in time, the two writes no longer cross.
      await sleep(5 + Math.random() * 20 * attempt);
    }
  }
}
