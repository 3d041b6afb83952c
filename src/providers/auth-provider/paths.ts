import type { Role } from "@/domain/auth";
import { landsOnMunicipalAmendments } from "@/domain/guards";

/** Where signing in and out happen, and where a signed-in person lands. */
export const LOGIN_PATH = "/admin/auth/login";
export const LOGOUT_PATH = "/admin/auth/logout";
export const HOME_PATH = "/admin/dashboard";

/** Where a person lands after signing in: the dashboard, or the Câmara's only screen, the municipal emendas. */
export const homePathOf = (role: Role | null | undefined): string => (landsOnMunicipalAmendments(role) ? "/admin/municipal-amendments" : HOME_PATH);
