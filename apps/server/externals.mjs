// Packages the server bundle leaves out: native modules, loaded from node_modules at run time.
// The production image installs exactly these beside the bundle (assemble-runtime.mjs).
export const EXTERNALS = ["better-sqlite3", "@node-rs/argon2", "sharp"];
