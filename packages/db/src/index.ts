export * from "./connection";
export * from "./counters";
export * from "./migrate";
export * from "./ranking";
export * from "./schema";
export * from "./seed/demo";
export * from "./seed/random";
export * from "./seed/synthetic";
