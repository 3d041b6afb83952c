import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { Guard } from "../../src/domain/guards";

/** What the engine records on every route it registers: who may call it and whose data it touches. */
export interface RouteDeclaration {
  guard: Guard;
  /** `tenant`, `shared`, `child`, `company` or `session` (see ResourceScope and ActionScope). */
  scope: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set only by defineResource and defineAction: app.ts refuses a private route without it. */
    declared?: RouteDeclaration;
  }
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
