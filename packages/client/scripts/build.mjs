// Builds the published client into dist/: index.js (compiled from src/index.ts) and one
// index.d.ts that holds the router's types as plain TypeScript (see routerTypes.mjs). Before it
// keeps them, it proves with the compiler that the written router gives every procedure exactly
// the inputs and outputs of the server's router, and that the .d.ts imports only @trpc/*.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { printRecord, TypePrinter } from "./routerTypes.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");
const dist = join(root, "dist");
const { version } = JSON.parse(ts.sys.readFile(join(root, "package.json")) ?? "{}");

/** The only modules the published .d.ts may import: the peer dependencies. */
const ALLOWED_IMPORTS = new Set(["@trpc/client", "@trpc/server"]);

function compilerOptions() {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => fail([diagnostic]),
    },
  );
  if (!parsed) throw new Error("tsconfig.json could not be read");
  return { ...parsed.options, noEmit: false, declaration: true, outDir: dist, sourceMap: false };
}

function fail(diagnostics) {
  const text = ts.formatDiagnosticsWithColorAndContext(diagnostics, {
    getCanonicalFileName: (file) => file,
    getCurrentDirectory: () => root,
    getNewLine: () => "\n",
  });
  throw new Error(`@forum/client build failed:\n${text}`);
}

function exportedType(program, file, name) {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  const symbol = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((item) => item.name === name);
  if (!symbol) throw new Error(`${file} exports no ${name}`);
  return checker.getDeclaredTypeOfSymbol(symbol);
}

/** The type aliases @forum/contracts exports (PostView, Role, ...), printed under their names. */
function contractsTypes(program, options, from) {
  const resolved = ts.resolveModuleName("@forum/contracts", from, options, ts.sys).resolvedModule;
  const source = resolved && program.getSourceFile(resolved.resolvedFileName);
  const checker = program.getTypeChecker();
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error("@forum/contracts is not part of the program");
  const named = new Map();
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (target.flags & ts.SymbolFlags.TypeAlias) named.set(checker.getDeclaredTypeOfSymbol(target), symbol.name);
  }
  return named;
}

function build() {
  const options = compilerOptions();
  const typesFile = join(root, "scripts/routerEntry.ts");
  const program = ts.createProgram({ rootNames: [join(src, "index.ts"), typesFile], options });
  const problems = ts.getPreEmitDiagnostics(program);
  if (problems.length > 0) fail(problems);

  // src/index.ts compiled: its JavaScript, and its declarations less the ./appRouter lines.
  const emitted = new Map();
  const result = program.emit(program.getSourceFile(join(src, "index.ts")), (file, text) =>
    emitted.set(basename(file), text),
  );
  if (result.emitSkipped) fail(result.diagnostics);
  const indexJs = emitted.get("index.js");
  const indexDts = emitted.get("index.d.ts");
  if (!indexJs || !indexDts) throw new Error(`unexpected emit: ${[...emitted.keys()].join(", ")}`);
  const ownLines = indexDts.split("\n").filter((line) => !line.includes('from "./appRouter"'));
  const ownImports = ownLines.filter((line) => line.startsWith("import "));

  const apiIndex = ts.resolveModuleName("@forum/api", join(src, "index.ts"), options, ts.sys).resolvedModule;
  if (!apiIndex) throw new Error("@forum/api cannot be resolved from packages/client");
  const printer = new TypePrinter(program, contractsTypes(program, options, apiIndex.resolvedFileName));
  const record = printRecord(printer, exportedType(program, typesFile, "Record"));
  const errorShape = printer.print(exportedType(program, typesFile, "ErrorShape"));

  const dts = [
    `// @forum/client ${version}: generated from the forum's router by scripts/build.mjs; do not edit.`,
    "import type {",
    "  inferRouterInputs,",
    "  inferRouterOutputs,",
    "  TRPCBuiltRouter,",
    "  TRPCMutationProcedure,",
    "  TRPCQueryProcedure,",
    '} from "@trpc/server";',
    ...ownImports,
    "",
    printer.declarations(),
    "",
    "/** What an error carries besides its message (TRPCClientError's `shape`). */",
    `export type ForumErrorShape = ${errorShape};`,
    "",
    "/** Every procedure of the forum's API, as the typed client calls it. */",
    "export type AppRouter = TRPCBuiltRouter<",
    "  { ctx: object; meta: object; errorShape: ForumErrorShape; transformer: false },",
    `  ${record.replace(/\n/g, "\n  ")}`,
    ">;",
    "export type RouterInputs = inferRouterInputs<AppRouter>;",
    "export type RouterOutputs = inferRouterOutputs<AppRouter>;",
    "",
    ...ownLines.filter((line) => !ownImports.includes(line)),
  ].join("\n");

  const imported = [...dts.matchAll(/(?:from\s+|import\()"([^"]+)"/g)].map((match) => match[1]);
  const foreign = imported.filter((specifier) => !ALLOWED_IMPORTS.has(specifier));
  if (foreign.length > 0) throw new Error(`dist/index.d.ts must import only @trpc/*, found: ${foreign.join(", ")}`);

  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, "index.js"), indexJs);
  writeFileSync(join(dist, "index.d.ts"), dts);
  try {
    proveSameRouter(options);
  } catch (error) {
    rmSync(dist, { recursive: true, force: true });
    throw error;
  }
  return dts;
}

/** Fails unless the written router and the server's agree (scripts/sameRouter.ts). */
function proveSameRouter(options) {
  const proof = join(root, "scripts/sameRouter.ts");
  // skipLibCheck off: an unknown name in the .d.ts would otherwise pass as any.
  const program = ts.createProgram({ rootNames: [proof], options: { ...options, noEmit: true, skipLibCheck: false } });
  const problems = [proof, join(dist, "index.d.ts")].flatMap((file) => {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not part of the proof`);
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  });
  if (problems.length > 0) fail(problems);
}

const dts = build();
console.log(
  `@forum/client ${version}: dist/index.js, dist/index.d.ts (${dts.length} characters, imports only @trpc/*)`,
);
