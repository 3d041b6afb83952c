/** What the SPA learns from the server at start (GET /api/config): nothing is baked in at build. */
export interface RuntimeConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string };
  /** http://host:port of the Auth Emulator when the server uses it. */
  authEmulatorUrl: string | null;
  assistant: { host: string; chatflowId: string };
  buildId: string | null;
}
