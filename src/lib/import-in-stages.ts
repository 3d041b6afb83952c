import { nextTask } from "./next-task";

/**
 * Imports a module whose code is large after its heavier dependencies, each in a task of its own.
 *
 * A dynamic import runs every module of its graph in one task. For the admin app that was one task
 * of about a quarter of a second on a phone, during which the page could not answer a tap. Importing
 * some of its dependencies first, with a task between, cuts that into pieces; the next stage's files
 * keep downloading while a stage runs. Each stage is a module the app imports anyway, so nothing is
 * downloaded that the app would not have asked for.
 */
export async function importInStages<T>(stages: readonly (() => Promise<unknown>)[], last: () => Promise<T>): Promise<T> {
  for (const stage of stages) {
    await stage();
    await nextTask();
  }
  return last();
}
