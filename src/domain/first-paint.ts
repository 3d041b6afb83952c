/**
 * The dashboard's figures painted by the server in the HTML, before any script (server/dashboard/first-paint.ts),
 * are marked with this attribute; the app removes them once its page draws its own (src/lib/first-paint.ts).
 */
export const FIRST_PAINT_ATTRIBUTE = "data-first-paint";

/**
 * Set on <html> once the app has dropped them: should figures reach the page after that, their own
 * style rule keeps them hidden (they must never cover the page's own).
 */
export const FIRST_PAINT_DONE_ATTRIBUTE = "data-first-paint-done";

/**
 * GET answers the HTML itself carries at its end, so that the server computes them once (the figures
 * above are painted from the same answer): the head names them in this meta tag (space-separated
 * URLs), announced instead of preloaded, and each comes as a JSON script with the attribute below.
 */
export const CARRIED_ANSWERS_META = "sol-carried-answers";
export const CARRIED_ANSWER_ATTRIBUTE = "data-carried-answer";
