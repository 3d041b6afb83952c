import { randomUUID } from "node:crypto";
import { createReadStream, type ReadStream } from "node:fs";
import { link, mkdir, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where files live. The embedded default is a folder; a bucket driver implements the same. */
export interface FileStore {
  /** Stores a new file; false when something already exists at that path (paths are written once). */
  create(storagePath: string, data: Buffer): Promise<boolean>;
  /** The file's bytes as a stream, or null when there is none. */
  open(storagePath: string): Promise<{ stream: ReadStream; size: number } | null>;
  exists(storagePath: string): Promise<boolean>;
  remove(storagePath: string): Promise<void>;
  /**
   * Why the store cannot serve right now (a pt-BR message for the readiness probe), or null when it can.
   * A local folder is always there; a bucket answers whether it is reachable.
   */
  ready?(): Promise<string | null>;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === "ENOENT";

export function diskStore(root: string): FileStore {
  const resolve = (storagePath: string) => {
    const full = path.resolve(root, storagePath);
    // Paths are validated before they get here; this is the last line against escaping the folder.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`caminho fora da pasta de arquivos: ${storagePath}`);
    return full;
  };
  return {
    async create(storagePath, data) {
      const target = resolve(storagePath);
      await mkdir(path.dirname(target), { recursive: true });
      // Write aside, then hard-link into place: readers never see half a file and a second
      // writer to the same path fails instead of overwriting.
      const temp = `${target}.${randomUUID()}.tmp`;
      await writeFile(temp, data, { mode: 0o640 });
      try {
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
  };
}
