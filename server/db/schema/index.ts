// One line per area: the folder tells where a table lives.
export * from "./companies";
export * from "./users";
export * from "./transfers";
export * from "./fiscal-indicators";
export * from "./sync";
export * from "./content";
export * from "./uploads";
export * from "./alerts";
export * from "./captacao";
export * from "./regularity";
export * from "./requirements";
export * from "./library";
export * from "./projects";
export * from "./reports";
export * from "./accountability";
export * from "./quotes";
export * from "./limits";
