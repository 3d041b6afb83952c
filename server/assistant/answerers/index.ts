import type { Answerer } from "../types";
import { companyAnswerer } from "./company";
import { helpAnswerer } from "./help";

/**
 * What the built-in assistant knows. Adding a topic is one file in this folder (an Answerer) and one
 * line here; the help answer lists it automatically.
 */
const topics: Answerer[] = [companyAnswerer];

export const answerers: Answerer[] = [helpAnswerer(() => topics), ...topics];
