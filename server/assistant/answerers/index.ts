import type { Answerer } from "../types";
import { companyAnswerer } from "./company";
import { helpAnswerer } from "./help";
import { latestPaymentAnswerer } from "./latest-payment";
import { activeTransfersAnswerer } from "./active-transfers";

/**
 * What the built-in assistant knows. Adding a topic is one file in this folder (an Answerer) and one
 * line here; the help answer lists it automatically.
 */
const topics: Answerer[] = [latestPaymentAnswerer, activeTransfersAnswerer, companyAnswerer];

export const answerers: Answerer[] = [helpAnswerer(() => topics), ...topics];
