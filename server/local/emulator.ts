import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export interface EmulatorOptions {
  projectId: string;
  port: number;
  /** Where the emulator keeps its config, logs and exported accounts. */
  dir: string;
  /** Keep accounts across restarts (import at start, export at exit). */
  persist: boolean;
  log?: (line: string) => void;
}

export interface RunningEmulator {
  host: string;
  stop(): Promise<void>;
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`O emulador de autenticação encerrou (código ${child.exitCode}).`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`O emulador de autenticação não respondeu em ${timeoutMs / 1000}s.`);
}

/**
 * Starts the Firebase Auth Emulator from firebase-tools (offline, `demo-*` project) and resolves
 * once it answers. Its hub and logging ports sit next to the auth port so several stacks can run.
 */
export async function startAuthEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  mkdirSync(options.dir, { recursive: true });
  const configFile = path.join(options.dir, "firebase.json");
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port: options.port },
        hub: { host: "127.0.0.1", port: options.port + 1 },
        logging: { host: "127.0.0.1", port: options.port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const exportDir = path.join(options.dir, "accounts");
  const bin = createRequire(import.meta.url).resolve("firebase-tools/lib/bin/firebase.js");
  const args = [bin, "emulators:start", "--only", "auth", "--project", options.projectId, "--config", configFile];
  if (options.persist) {
    if (existsSync(path.join(exportDir, "firebase-export-metadata.json"))) args.push("--import", exportDir);
    args.push("--export-on-exit", exportDir);
  }
  const child = spawn(process.execPath, args, {
    cwd: options.dir,
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true", CI: process.env.CI ?? "true", NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: false,
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) options.log?.(line);
  };
  child.stdout?.on("data", forward);
  child.stderr?.on("data", forward);
  const host = `127.0.0.1:${options.port}`;
  // Building its request validator from the OpenAPI description costs the emulator several seconds of
  // CPU (about 18 s on a busy 2-core machine): the wait allows for a loaded machine.
  await waitUntilReady(`http://${host}/`, child, 240_000);
  return {
    host,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill("SIGINT");
      }),
  };
}
