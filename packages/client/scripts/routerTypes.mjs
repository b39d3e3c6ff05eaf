// Writes the router's type as plain TypeScript: every procedure with its input and output types
// spelled out (objects, unions, literals), so the published .d.ts imports nothing of the server
// (no @forum/api, @forum/contracts, @forum/db, kysely or zod), only @trpc/server's own types.
// The types are read from the compiler, never restated by hand: a change to a procedure changes
// the next build's .d.ts.
import ts from "typescript";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Prints types of one program. `named` maps a type to the name it is printed under (the answer
 * shapes of @forum/contracts); each name used is declared once with `declarations()`.
 */
export class TypePrinter {
  /** @param {ts.Program} program @param {Map<ts.Type, string>} named */
  constructor(program, named) {
    this.program = program;
    this.checker = program.getTypeChecker();
    this.named = named;
    /** @type {Set<string>} */
    this.used = new Set();
  }

  /** @param {ts.Symbol} symbol */
  typeOf(symbol) {
    return this.checker.getTypeOfSymbol(symbol);
  }

  /** @param {ts.Type} type @param {string} name */
  property(type, name) {
    const symbol = this.checker.getPropertyOfType(type, name);
    if (!symbol) throw new Error(`${this.checker.typeToString(type)} has no property ${name}`);
    return this.typeOf(symbol);
  }

  /** An interface or class of the standard library (Uint8Array), which the user's lib declares too. */
  isFromLib(type) {
    const symbol = type.getSymbol();
    const declaration = symbol?.declarations?.[0];
    if (!symbol || !declaration || !(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class))) return false;
    return this.program.isSourceFileDefaultLibrary(declaration.getSourceFile());
  }

  /** @param {ts.Type} type @param {string} indent @param {boolean} [asDeclaration] @returns {string} */
  print(type, indent = "", asDeclaration = false) {
    const name = this.named.get(type);
    if (name && !asDeclaration) {
      this.used.add(name);
      return name;
    }
    const { flags } = type;
    if (flags & ts.TypeFlags.Any) return "any";
    if (flags & ts.TypeFlags.Unknown) return "unknown";
    if (flags & ts.TypeFlags.String) return "string";
    if (flags & ts.TypeFlags.Number) return "number";
    if (flags & ts.TypeFlags.Boolean) return "boolean";
    if (flags & ts.TypeFlags.BigInt) return "bigint";
    if (flags & ts.TypeFlags.Null) return "null";
    if (flags & ts.TypeFlags.Undefined) return "undefined";
    if (flags & ts.TypeFlags.Void) return "void";
    if (flags & ts.TypeFlags.Never) return "never";
    if (type.isStringLiteral()) return JSON.stringify(type.value);
    if (type.isNumberLiteral()) return String(type.value);
    if (flags & ts.TypeFlags.BooleanLiteral) return this.checker.typeToString(type);
    if (type.isUnion()) return this.printUnion(type, indent);
    if (type.isIntersection()) return this.printObject(type, indent);
    if (flags & ts.TypeFlags.Object) {
      if (this.checker.isArrayType(type)) {
        const [element] = this.checker.getTypeArguments(/** @type {ts.TypeReference} */ (type));
        const printed = this.print(/** @type {ts.Type} */ (element), indent);
        const readonly = type.getSymbol()?.getName() === "ReadonlyArray" ? "readonly " : "";
        return `${readonly}${/[ |&]/.test(printed) && !printed.startsWith("{") ? `(${printed})` : printed}[]`;
      }
      if (this.checker.isTupleType(type)) {
        const elements = this.checker.getTypeArguments(/** @type {ts.TypeReference} */ (type));
        return `[${elements.map((element) => this.print(element, indent)).join(", ")}]`;
      }
      if (this.isFromLib(type)) return type.getSymbol()?.getName() ?? "unknown";
      return this.printObject(type, indent);
    }
    throw new Error(`Cannot print the type ${this.checker.typeToString(type)}`);
  }

  /** @param {ts.UnionType} type @param {string} indent */
  printUnion(type, indent) {
    const members = [...type.types];
    const isTrue = (member) =>
      member.flags & ts.TypeFlags.BooleanLiteral && this.checker.typeToString(member) === "true";
    const isFalse = (member) =>
      member.flags & ts.TypeFlags.BooleanLiteral && this.checker.typeToString(member) === "false";
    const printed = [];
    if (members.some(isTrue) && members.some(isFalse)) printed.push("boolean");
    for (const member of members) {
      if (printed.includes("boolean") && (isTrue(member) || isFalse(member))) continue;
      printed.push(this.print(member, indent));
    }
    // null and undefined last, as people write them.
    const last = (text) => (text === "undefined" ? 2 : text === "null" ? 1 : 0);
    return printed.sort((a, b) => last(a) - last(b)).join(" | ");
  }

  /** @param {ts.Type} type @param {string} indent */
  printObject(type, indent) {
    if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) {
      throw new Error(`A function type cannot be sent as JSON: ${this.checker.typeToString(type)}`);
    }
    const inner = `${indent}  `;
    const lines = [];
    for (const info of this.checker.getIndexInfosOfType(type)) {
      lines.push(`${inner}[key: ${this.print(info.keyType, inner)}]: ${this.print(info.type, inner)};`);
    }
    for (const property of this.checker.getPropertiesOfType(type)) {
      const name = IDENTIFIER.test(property.name) ? property.name : JSON.stringify(property.name);
      const optional = property.flags & ts.SymbolFlags.Optional ? "?" : "";
      const comment = ts.displayPartsToString(property.getDocumentationComment(this.checker));
      if (comment) lines.push(`${inner}/** ${comment.replace(/\s*\n\s*/g, " ")} */`);
      lines.push(`${inner}${name}${optional}: ${this.print(this.typeOf(property), inner)};`);
    }
    return lines.length === 0 ? "{}" : `{\n${lines.join("\n")}\n${indent}}`;
  }

  /** `export type Name = ...;` for every named type printed so far (and those they use). */
  declarations() {
    const written = new Set();
    const out = [];
    let pending = [...this.used];
    while (pending.length > 0) {
      for (const name of pending) {
        if (written.has(name)) continue;
        written.add(name);
        const type = [...this.named].find(([, candidate]) => candidate === name)?.[0];
        if (type) out.push(`export type ${name} = ${this.print(type, "", true)};`);
      }
      pending = [...this.used].filter((name) => !written.has(name));
    }
    return out.sort().join("\n\n");
  }
}

/**
 * The router's procedures as a TRPCBuiltRouter type: each procedure's input and output as the
 * server's procedure declares them (tRPC infers what the client sends and receives from these,
 * exactly as from the server's router).
 * @param {TypePrinter} printer @param {ts.Type} record AppRouter["_def"]["record"]
 */
export function printRecord(printer, record, indent = "") {
  const inner = `${indent}  `;
  const lines = [];
  for (const entry of printer.checker.getPropertiesOfType(record)) {
    const value = printer.typeOf(entry);
    const definition = printer.checker.getPropertyOfType(value, "_def");
    const isProcedure = definition && printer.checker.getPropertyOfType(printer.typeOf(definition), "procedure");
    if (!isProcedure) {
      lines.push(`${inner}${entry.name}: ${printRecord(printer, value, inner)};`);
      continue;
    }
    const def = printer.typeOf(/** @type {ts.Symbol} */ (definition));
    const kind = printer.checker.typeToString(printer.property(def, "type"));
    const types = printer.property(def, "$types");
    const procedure = { '"query"': "TRPCQueryProcedure", '"mutation"': "TRPCMutationProcedure" }[kind];
    if (!procedure) throw new Error(`${entry.name}: ${kind} procedures are not supported by this client`);
    const input = printer.print(printer.property(types, "input"), `${inner}  `);
    const output = printer.print(printer.property(types, "output"), `${inner}  `);
    lines.push(
      `${inner}${entry.name}: ${procedure}<{\n${inner}  input: ${input};\n${inner}  output: ${output};\n${inner}  meta: object;\n${inner}}>;`,
    );
  }
  return `{\n${lines.join("\n")}\n${indent}}`;
}
