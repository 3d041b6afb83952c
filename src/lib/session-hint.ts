/** Set by the server beside the httpOnly session cookie (server/auth/session.ts): a session may exist. */
const SESSION_HINT = /(?:^|;\s*)sol_session=1(?:;|$)/;

/** Whether this browser may be signed in (outside a browser, assume it may). */
export function mayHaveSession(cookie: string | undefined = typeof document === "undefined" ? undefined : document.cookie): boolean {
  return cookie === undefined || SESSION_HINT.test(cookie);
}

/** A visit that opens the signed-in admin layout: an admin screen (or "/", which leads to one) with the session hint. */
export function isSignedInAdminVisit(pathname: string, cookie: string): boolean {
  const admin = pathname === "/" || (pathname.startsWith("/admin") && !pathname.startsWith("/admin/auth"));
  return admin && mayHaveSession(cookie);
}
