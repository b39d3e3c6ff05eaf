export * from "./bulk";
export * from "./constants";
export * from "./fields";
export * from "./messages";
export * from "./schemas";
export * from "./slug";
export * from "./text";
export * from "./types";
