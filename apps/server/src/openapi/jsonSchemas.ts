// zod schemas as the JSON Schema (draft 2020-12) that OpenAPI 3.1 speaks. The answer shapes of
// @forum/contracts (every export named `...Schema`) become named schemas under
// #/components/schemas, and every other schema refers to them there.
import * as contracts from "@forum/contracts";
import { z } from "zod";

export type JsonSchema = { [key: string]: unknown };

const COMPONENTS = "#/components/schemas/";

/** postViewSchema -> "PostView". */
function componentName(exportName: string): string {
  const base = exportName.slice(0, -"Schema".length);
  return base.charAt(0).toUpperCase() + base.slice(1);
}

/** The named answer shapes, by their component name. */
export function namedSchemas(): Map<string, z.ZodType> {
  const named = new Map<string, z.ZodType>();
  for (const [exportName, value] of Object.entries(contracts)) {
    if (exportName.endsWith("Schema") && value instanceof z.ZodType) named.set(componentName(exportName), value);
  }
  return named;
}

/**
 * Trims what zod writes for its own use: dates are described by their format (the pattern that
 * zod adds repeats it in 300 characters), and whole numbers carry no safe-integer bounds.
 */
function tidy({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  if (jsonSchema.format === "date-time" || jsonSchema.format === "date") delete jsonSchema.pattern;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

/** Points references at #/components/schemas and drops what a schema inside a document must not repeat. */
function placed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(placed);
  if (typeof value !== "object" || value === null) return value;
  const out: JsonSchema = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "$schema" || key === "$id" || key === "$defs") continue;
    out[key] = key === "$ref" && typeof item === "string" ? item.replace(/^#\/\$defs\//, COMPONENTS) : placed(item);
  }
  return out;
}

export class JsonSchemas {
  private readonly registry = z.registry<{ id: string }>();
  private readonly names = new Map<z.ZodType, string>();

  constructor(named: Map<string, z.ZodType>) {
    for (const [name, schema] of named) {
      this.registry.add(schema, { id: name });
      this.names.set(schema, name);
    }
  }

  /** The named schemas, for #/components/schemas. */
  components(): Record<string, JsonSchema> {
    const { schemas } = z.toJSONSchema(this.registry, {
      target: "draft-2020-12",
      uri: (id) => `${COMPONENTS}${id}`,
      override: tidy,
    });
    return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, placed(schema) as JsonSchema]));
  }

  /** An answer: a reference when the schema is named, else its JSON Schema referring to the named ones. */
  output(schema: z.ZodType): JsonSchema {
    const name = this.names.get(schema);
    if (name) return { $ref: `${COMPONENTS}${name}` };
    return placed(
      z.toJSONSchema(schema, { target: "draft-2020-12", metadata: this.registry, override: tidy }),
    ) as JsonSchema;
  }

  /** An input, as a client sends it (before defaults and coercions). */
  input(schema: z.ZodType): JsonSchema {
    return placed(
      z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any", override: tidy }),
    ) as JsonSchema;
  }
}
