import type { Role } from "./auth";

/**
 * The one map of who may do what (issue 30). Each guard names the roles that pass it; the server's
 * declarations (`defineResource`, `defineAction`), the SPA's routes, menus and buttons all read it.
 * No role string is compared anywhere else (eslint's `no-restricted-syntax` keeps it so): a new
 * permission is a new line here, and both sides change together.
 */
export const GUARDS = {
  /** Anybody with a session, the Câmara included: the session itself, the terms, one's own profile. */
  "signed-in": ["ADMIN", "MANAGER", "USER", "CAMARA"],
  /** Anybody signed in: the consultancy and every person of a municipality. */
  "user-only": ["ADMIN", "MANAGER", "USER"],
  /** Writing a municipality's own records, its people and settings: its managers and the consultancy. */
  "manager-only": ["ADMIN", "MANAGER"],
  /** The consultancy's own work: clients, content library, alerts, templates, sync, the assistant. */
  "admin-only": ["ADMIN"],
  /** The municipal emendas: the municipality's people and its Câmara (councillors and their staff, read-only). */
  "municipal-amendments-read": ["ADMIN", "MANAGER", "USER", "CAMARA"],
  /** Registering an indication: where it is born, in the Câmara (when the municipality enables it), or by the Executive. */
  "municipal-amendments-indicate": ["ADMIN", "MANAGER", "CAMARA"],
} as const satisfies Record<string, readonly Role[]>;

/** The spec's guard names (section 6) and the areas' own. `login` is the sign-in page's own guard (signed-out only). */
export type Guard = keyof typeof GUARDS;

export const GUARD_NAMES = Object.keys(GUARDS) as Guard[];

/** The roles a guard lets through. */
export const rolesOf = (guard: Guard): readonly Role[] => GUARDS[guard];

/** Whether a role passes a guard. ADMIN passes every guard; managers pass manager-only. */
export function passesGuard(role: Role | null | undefined, guard: Guard): boolean {
  return !!role && (GUARDS[guard] as readonly Role[]).includes(role);
}

/** The consultancy acts across clients (chooses one with authComp); everybody else acts in their own. */
export const actsAcrossClients = (role: Role | null | undefined): boolean => passesGuard(role, "admin-only");

/** The Câmara's people see only the municipal emendas: they land there, never on the dashboard. */
export const landsOnMunicipalAmendments = (role: Role | null | undefined): boolean => !!role && !passesGuard(role, "user-only") && passesGuard(role, "municipal-amendments-read");
