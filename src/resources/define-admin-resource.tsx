import type { ComponentType, ReactElement, ReactNode } from "react";
import { Route, matchPath } from "react-router";
import {
  ADMIN_SCREENS,
  screenPaths,
  type NestedOf,
  type ResourceScreens,
  type ScreenAction,
  type ScreenActionsOf,
  type ScreensKey,
} from "@/domain/admin-screens";
import type { Guard } from "@/domain/guards";
import { loadedLazy } from "@/lib/updates/lazy-route";
import { loadingBar } from "@/components/loading-bar/loading-bar";
import { NavigateKeepingQuery } from "@/components/navigate-keeping-query";
import { RequireGuard } from "@/providers/access-control/require-guard";
import { translate, type TranslationKey } from "@/providers/i18n";
import type { MenuGroupName } from "./menu-groups";
import type { AdminResource } from "./types";
import type { ResourceFields } from "@/components/resource/fields";

/** A page module, loaded when its route opens (and preloaded in the background once the app is idle). */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/** The guards of the actions a resource has: the area's `guard` applies where none is named. */
export type ActionGuards = Partial<Record<ScreenAction | "delete", Guard>>;

type ActionsWithNested<K extends ScreensKey> = { [A in ScreenActionsOf<K>]: NestedOf<K, A> extends never ? never : A }[ScreenActionsOf<K>];

/** A nested path that only leads to another one, relative to it (`panel` → `{ redirect: "data" }`: panel/data). */
export interface NestedRedirect {
  redirect: string;
}

/** One page (or redirect) for each nested path of the screens (a tab per path), and the tab an action's bare path opens. */
type NestedPages<K extends ScreensKey> = { [A in ActionsWithNested<K>]: { [N in NestedOf<K, A>]: PageLoader | NestedRedirect } };
type NestedIndex<K extends ScreensKey> = { [A in ActionsWithNested<K>]?: NestedOf<K, A> };
/** Nested pages that ask for more than their action's guard (`{ list: { "data/edit": "manager-only" } }`). */
type NestedGuards<K extends ScreensKey> = { [A in ActionsWithNested<K>]?: { [N in NestedOf<K, A>]?: Guard } };

export type AdminResourceDeclaration<K extends ScreensKey> = {
  /** Its entry in ADMIN_SCREENS (src/domain/admin-screens.ts): the paths. Also the Refine identifier. */
  screens: K;
  /** The API resource (`/api/{name}`), when it differs from the screens' key. */
  name?: string;
  /** The menu label and the fallback page title. */
  label: TranslationKey;
  icon?: ReactNode;
  /** The menu group it sits in (MENU_GROUP); without one it is a top-level entry. */
  parent?: MenuGroupName;
  /** `false`: no menu entry (reached from another screen or the header). */
  menu?: boolean;
  /** Who may open it, and per action who may do more (`{ create: "manager-only" }`). */
  guard: Guard;
  actionGuards?: ActionGuards;
  /** A page for every path of its screens; each one is replaceable on its own. */
  pages: { [A in ScreenActionsOf<K>]: PageLoader };
} & ([ActionsWithNested<K>] extends [never]
  ? { nested?: never; nestedIndex?: never; nestedGuards?: never }
  : { nested: NestedPages<K>; nestedIndex?: NestedIndex<K>; nestedGuards?: NestedGuards<K> });

/**
 * An admin area made of one resource, the only way the app declares one: its Refine resource, its
 * guarded routes (pages lazily loaded) and its screen paths. src/resources/index.ts lists them all.
 */
export interface DefinedAdminResource {
  resources: AdminResource[];
  routes: ReactElement;
  /** Every path it answers (as written in ADMIN_SCREENS), the ones `isKnownAppPath` accepts. */
  paths: string[];
}

const ACTIONS: ScreenAction[] = ["list", "create", "show", "edit"];

/** Who may write (create, edit, delete) when the area's guard only lets people read: `actionGuards: writesBy("admin-only")`. */
export const writesBy = (guard: Guard): ActionGuards => ({ create: guard, edit: guard, delete: guard });

/** The guard of an action: its own, else the resource's. */
export function guardFor(declaration: { guard: Guard; actionGuards?: ActionGuards }, action: ScreenAction | "delete"): Guard {
  return declaration.actionGuards?.[action] ?? declaration.guard;
}

/**
 * Declares an admin resource once: the Refine resource (name, paths, label, icon, menu group and
 * guards in `meta`), its routes (lazy pages, each wrapped in its action's guard, nested pages inside
 * their parent page's `<Outlet />`), and its menu entry. Paths come from ADMIN_SCREENS, which the
 * server checks too; TypeScript asks for a page for every one of them.
 */
export function defineAdminResource<K extends ScreensKey>(declaration: AdminResourceDeclaration<K>): DefinedAdminResource {
  const key = declaration.screens;
  const screens: ResourceScreens = ADMIN_SCREENS[key];
  const name = declaration.name ?? key;
  const pages = declaration.pages as Partial<Record<ScreenAction, PageLoader>>;
  const nested = (declaration.nested ?? {}) as Partial<Record<ScreenAction, Record<string, PageLoader | NestedRedirect>>>;
  const nestedIndex = (declaration.nestedIndex ?? {}) as Partial<Record<ScreenAction, string>>;
  const nestedGuards = (declaration.nestedGuards ?? {}) as Partial<Record<ScreenAction, Record<string, Guard>>>;

  const resource: AdminResource = {
    name,
    ...(name !== key ? { identifier: key } : {}),
    ...Object.fromEntries(ACTIONS.filter((action) => screens[action]).map((action) => [action, screens[action]])),
    meta: {
      label: translate(declaration.label),
      labelKey: declaration.label,
      icon: declaration.icon,
      ...(declaration.parent ? { parent: declaration.parent } : {}),
      ...(declaration.menu === false ? { hide: true } : {}),
      guard: declaration.guard,
      ...(declaration.actionGuards ? { actionGuards: declaration.actionGuards } : {}),
    },
  };

  const routes = ACTIONS.flatMap((action) => {
    const path = screens[action];
    if (!path) return [];
    const load = pages[action];
    if (!load) throw new Error(`defineAdminResource(${key}): falta a página de ${action} (${path}).`);
    const Page = adminPage(load, path);
    const children = Object.entries(nested[action] ?? {}).map(([child, entry]) => {
      if (typeof entry !== "function") return <Route key={child} path={child} element={<NavigateKeepingQuery to={entry.redirect} />} />;
      const Child = adminPage(entry);
      const guard = nestedGuards[action]?.[child];
      const element = guard ? <RequireGuard guard={guard}><Child /></RequireGuard> : <Child />;
      return <Route key={child} path={child} element={element} />;
    });
    const index = nestedIndex[action];
    return [
      <Route
        key={`${key}:${action}`}
        path={path}
        element={
          <RequireGuard guard={guardFor(declaration, action)}>
            <Page />
          </RequireGuard>
        }
      >
        {index ? <Route index element={<NavigateKeepingQuery to={index} />} /> : null}
        {children}
      </Route>,
    ];
  });

  return { resources: [resource], routes: <>{routes}</>, paths: screenPaths(screens) };
}

/**
 * A page's lazy route whose code download runs the loading bar. A navigation renders in a transition,
 * which keeps the current page on screen instead of the Suspense fallback, so without this the bar
 * (and the background preload, which waits for it to be idle) would not know a page is loading.
 */
function adminPage(load: PageLoader, path?: string) {
  const page = loadedLazy(() => loadingBar.track(load()));
  if (path) screenPages.push({ path, load: page.load });
  return page.Component;
}

/** Each screen's path and its page's loader (nested pages aside). */
const screenPages: { path: string; load: () => Promise<unknown> }[] = [];

/**
 * Loads the page of the address the app opens with, before the app renders it (src/admin/App.tsx):
 * its code is usually in already (the entry script asked for it, src/admin/first-load.ts), so the
 * page then renders at once instead of suspending behind its route's fallback, which React holds
 * for up to 300 ms (src/lib/updates/lazy-route.ts). `/` and `/admin` lead to the dashboard.
 */
export function loadPageAt(pathname: string): void {
  const target = /^\/(admin\/?)?$/.test(pathname) ? "/admin/dashboard" : pathname;
  const screen = screenPages.find((page) => matchPath(page.path, target));
  void screen?.load().catch(() => undefined); // a failed chunk is reported by the route itself
}

/**
 * A page component bound to props, as a page loader: one page module serving several resources
 * (`pageWith(() => import("./list").then((m) => m.TransferList), { config: IMPOSITION })`).
 */
export function pageWith<P extends object>(load: () => Promise<ComponentType<P>>, props: P): PageLoader {
  return () => load().then((Page) => ({ default: () => <Page {...props} /> }));
}

type FieldsModule = { default: ResourceFields<never> };

/**
 * The list, show, create and edit pages of a field description (src/components/resource/pages),
 * loaded with the description itself; `overrides` replaces any of them with a page of its own:
 * `pages: fieldPages(() => import("./fields"), { show: () => import("./show") })`.
 */
export function fieldPages(
  loadFields: () => Promise<FieldsModule>,
  overrides: Partial<Record<ScreenAction, PageLoader>> = {},
): Record<ScreenAction, PageLoader> {
  const generic =
    (page: "ResourceListPage" | "ResourceShowPage" | "ResourceCreatePage" | "ResourceEditPage"): PageLoader =>
    () =>
      Promise.all([import("@/components/resource/pages"), loadFields()]).then(([pages, fields]) => {
        const Page = pages[page] as ComponentType<{ fields: ResourceFields<never> }>;
        return { default: () => <Page fields={fields.default} /> };
      });
  return {
    list: overrides.list ?? generic("ResourceListPage"),
    show: overrides.show ?? generic("ResourceShowPage"),
    create: overrides.create ?? generic("ResourceCreatePage"),
    edit: overrides.edit ?? generic("ResourceEditPage"),
  };
}
