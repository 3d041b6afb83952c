import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { link, mkdir, readdir, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** What a file is written from: bytes in memory (an upload, already checked) or a stream of known size (a copy between stores). */
export type FileBody = Buffer | { stream: Readable; size: number };

/** One stored file, as a listing names it. */
export interface StoredFile {
  storagePath: string;
  size: number;
}

/**
 * Where files live: a folder (the embedded default, diskStore) or a bucket (bucketStore, server/storage/bucket.ts),
 * chosen by configuration; every upload and download of the product goes through this one interface.
 */
export interface FileStore {
  /** What this store is, for people: "pasta /dados/uploads", "bucket sol em http://…". */
  readonly description: string;
  /** Stores a new file; false when something already exists at that path (paths are written once). */
  create(storagePath: string, data: FileBody): Promise<boolean>;
  /** The file's bytes as a stream (never read whole into memory), or null when there is none. */
  open(storagePath: string): Promise<{ stream: Readable; size: number } | null>;
  exists(storagePath: string): Promise<boolean>;
  /** Removes a file; removing one that is not there is no error. */
  remove(storagePath: string): Promise<void>;
  /** Every stored file, in path order (what `npm run storage:copy` walks). */
  list(): AsyncIterable<StoredFile>;
  /**
   * Why the store cannot serve right now (a pt-BR message for the readiness probe), or null when it can.
   * A local folder is always there; a bucket answers whether it is reachable.
   */
  ready?(): Promise<string | null>;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === "ENOENT";
/** The side files of a write in progress (see create): never a stored file. */
const isTemporary = (name: string) => name.endsWith(".tmp");

export function diskStore(root: string): FileStore {
  const base = path.resolve(root);
  const resolve = (storagePath: string) => {
    const full = path.resolve(base, storagePath);
    // Paths are validated before they get here; this is the last line against escaping the folder.
    if (!full.startsWith(base + path.sep)) throw new Error(`caminho fora da pasta de arquivos: ${storagePath}`);
    return full;
  };

  /** Every file under `folder`, depth first, names sorted so the order is the bucket's (byte order of the path). */
  async function* walk(folder: string, prefix: string): AsyncGenerator<StoredFile> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    const named = entries.map((entry) => ({ entry, key: `${prefix}${entry.name}${entry.isDirectory() ? "/" : ""}` }));
    named.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const { entry, key } of named) {
      if (entry.isDirectory()) yield* walk(path.join(folder, entry.name), key);
      else if (entry.isFile() && !isTemporary(entry.name)) yield { storagePath: key, size: (await stat(path.join(folder, entry.name))).size };
    }
  }

  return {
    description: `pasta ${base}`,
    async create(storagePath, data) {
      const target = resolve(storagePath);
      await mkdir(path.dirname(target), { recursive: true });
      // Write aside, then hard-link into place: readers never see half a file and a second
      // writer to the same path fails instead of overwriting.
      const temp = `${target}.${randomUUID()}.tmp`;
      try {
        if (Buffer.isBuffer(data)) await writeFile(temp, data, { mode: 0o640 });
        else await pipeline(data.stream, createWriteStream(temp, { mode: 0o640, flags: "wx" }));
        await link(temp, target);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
        throw error;
      } finally {
        await unlink(temp).catch(() => undefined);
      }
    },
    async open(storagePath) {
      const full = resolve(storagePath);
      try {
        const info = await stat(full);
        return info.isFile() ? { stream: createReadStream(full), size: info.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(storagePath) {
      try {
        return (await stat(resolve(storagePath))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async remove(storagePath) {
      await unlink(resolve(storagePath)).catch((error) => {
        if (!isMissing(error)) throw error;
      });
    },
    list: () => walk(base, ""),
  };
}
