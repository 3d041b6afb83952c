import type { FileStore } from "./disk";

/** What a copy did: files copied, already there (skipped), and in conflict (a different file at the same path, left alone). */
export interface CopyReport {
  copied: number;
  copiedBytes: number;
  skipped: number;
  skippedBytes: number;
  conflicts: string[];
}

export interface CopyOptions {
  /** Told after each file (for progress on a terminal). */
  onFile?: (storagePath: string, outcome: "copiado" | "já existia" | "conflito", report: CopyReport) => void;
  /** Stops after this many files copied (tests interrupt a copy with it; a real interruption is a killed process). */
  stopAfter?: number;
}

/**
 * Copies every file of one store into another (disk → bucket when an installation moves to several
 * instances; bucket → disk to come back or to keep a copy). A file already in the target with the same
 * size is skipped, so running it again after an interruption carries on where it stopped and running it
 * twice copies nothing. Paths are written once in this product, so a file of another size at the same
 * path is not overwritten: it is reported as a conflict for a person to look at. Each file streams from
 * one store to the other; nothing is held whole in memory.
 */
export async function copyFiles(from: FileStore, to: FileStore, options: CopyOptions = {}): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, copiedBytes: 0, skipped: 0, skippedBytes: 0, conflicts: [] };
  // One listing of the target instead of a question per file: cheaper on a bucket by a thousand times.
  const present = new Map<string, number>();
  for await (const file of to.list()) present.set(file.storagePath, file.size);
  for await (const file of from.list()) {
    if (options.stopAfter !== undefined && report.copied >= options.stopAfter) break;
    const there = present.get(file.storagePath);
    if (there === file.size) {
      report.skipped++;
      report.skippedBytes += file.size;
      options.onFile?.(file.storagePath, "já existia", report);
      continue;
    }
    const opened = there === undefined ? await from.open(file.storagePath) : null;
    // Gone from the source since it was listed (the clean-up removed it): nothing to copy.
    if (there === undefined && !opened) continue;
    const created = opened ? await to.create(file.storagePath, opened) : false;
    if (!created) {
      opened?.stream.destroy();
      report.conflicts.push(file.storagePath);
      options.onFile?.(file.storagePath, "conflito", report);
      continue;
    }
    report.copied++;
    report.copiedBytes += opened!.size;
    options.onFile?.(file.storagePath, "copiado", report);
  }
  return report;
}
