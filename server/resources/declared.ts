import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { Guard } from "../../src/domain/guards";
import type { ListSpec } from "./list-query";

/** What the engine records on every route it registers: who may call it and whose data it touches. */
export interface RouteDeclaration {
  guard: Guard;
  /** `tenant`, `shared`, `child`, `company` or `session` (see ResourceScope and ActionScope). */
  scope: string;
  /** On a resource's list route: the resource's name and list (its filters, sort and searchable columns). */
  list?: DeclaredList;
}

/** A declared resource's list, as its list route records it (read back from `app.apiRoutes`). */
export interface DeclaredList {
  name: string;
  listSpec: ListSpec;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set only by defineResource and defineAction: app.ts refuses a private route without it. */
    declared?: RouteDeclaration;
  }
}

/** Every declared resource's list, once each, from the app's route table (`app.apiRoutes`). */
export function declaredLists(routes: readonly { declared?: RouteDeclaration }[]): DeclaredList[] {
  const byName = new Map<string, DeclaredList>();
  for (const route of routes) if (route.declared?.list) byName.set(route.declared.list.name, route.declared.list);
  return [...byName.values()];
}

/** The route config that marks a route as declared through the engine. */
export const declared = (declaration: RouteDeclaration) => ({ declared: declaration });

/** Anything the engine declares: a resource or an action, each carrying its own routes. */
export interface Declared {
  plugin: FastifyPluginAsync;
}

/** An area's routes, wired: its resources and actions, mounted in the order given. The area's module default export. */
export const areaPlugin =
  (...declarations: Declared[]): FastifyPluginAsync =>
  async (app) => {
    for (const declaration of declarations) await declaration.plugin(app, {});
  };

/** A file sent as an attachment (the OpenAPI description shows it as binary). */
export const fileResponse = z.string().meta({ format: "binary", description: "O arquivo, como anexo" });
/** An answer with no body (204). */
export const noContent = z.null().meta({ description: "Sem conteúdo" });
