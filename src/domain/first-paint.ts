/**
 * The dashboard's figures painted by the server in the HTML, before any script (server/dashboard/first-paint.ts),
 * are marked with this attribute; the app removes them once its page draws its own (src/lib/first-paint.ts).
 */
export const FIRST_PAINT_ATTRIBUTE = "data-first-paint";

/**
 * Set on <html> once the app has dropped them: figures the stream delivers later than that (the app's
 * code ran before the HTML's end, server/spa.ts) are hidden by their own style rule.
 */
export const FIRST_PAINT_DONE_ATTRIBUTE = "data-first-paint-done";
