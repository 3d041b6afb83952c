/**
 * The dashboard's figures painted by the server in the HTML, before any script (server/dashboard/first-paint.ts),
 * are marked with this attribute; the app removes them once its page draws its own (src/lib/first-paint.ts).
 */
export const FIRST_PAINT_ATTRIBUTE = "data-first-paint";
