/**
 * The API routes anybody may call without a session, by route pattern: an exact pattern, or every
 * pattern below an entry that ends with "/". (The terms gate and the cache policy read it.)
 */
export const PUBLIC_ROUTES = [
  "/api/health",
  "/api/config",
  "/api/public/",
  "/api/files/",
  "/api/uploads/",
  "/api/docs",
  "/api/docs/",
  "/api/auth/login",
  "/api/auth/logout",
  "/api/auth/forgot-password",
  "/api/log",
] as const;

export const matchesAny = (pattern: string, entries: readonly string[]) =>
  entries.some((entry) => pattern === entry || (entry.endsWith("/") && pattern.startsWith(entry)));

/** Whether a matched route pattern is open to anonymous callers. */
export function isPublicRoute(pattern: string): boolean {
  return matchesAny(pattern, PUBLIC_ROUTES);
}
