import type { AdminArea } from "./types";
import { dashboardArea } from "./dashboard";

/** Every admin area, in menu order. Adding an area is one line here. */
export const adminAreas: AdminArea[] = [dashboardArea];
