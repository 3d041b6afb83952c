/**
 * Resolves in a later task: what runs after it is a separate piece of main-thread work, so a tap, a
 * paint or a frame can come in between. On a slow phone a start-up that runs in one piece (the app's
 * modules, then the stylesheets' parsing) is one long task the page cannot answer during.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
