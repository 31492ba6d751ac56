/**
 * BFCL function docs as tools for function-calling mode, the way BFCL offers them to
 * function-calling models: language hints added to descriptions (Java and JavaScript parameters
 * become strings holding language literals), Gorilla pseudo-types mapped to JSON Schema types
 * (`dict` → object, `float` → number with format "float", `tuple` → array, `any` → string, Java
 * and JavaScript types likewise), and "." in function names replaced by "_" (which
 * {@link fromFcName} undoes).
 */
import type { ToolDefinition } from "../messages.js";
import { type BfclCategory, bfclLanguage } from "./categories.js";

/** Gorilla type → JSON Schema type, as BFCL's GORILLA_TO_OPENAPI. */
export const gorillaToJsonSchemaType: Readonly<Record<string, string>> = {
  integer: "integer",
  number: "number",
  float: "number",
  string: "string",
  boolean: "boolean",
  bool: "boolean",
  array: "array",
  list: "array",
  dict: "object",
  object: "object",
  tuple: "array",
  any: "string",
  byte: "integer",
  short: "integer",
  long: "integer",
  double: "number",
  char: "string",
  ArrayList: "array",
  Array: "array",
  HashMap: "object",
  Hashtable: "object",
  Queue: "array",
  Stack: "array",
  Any: "string",
  String: "string",
  Bigint: "integer",
};

type Schema = Record<string, unknown>;

function mapType(type: unknown): string {
  return typeof type === "string" && Object.hasOwn(gorillaToJsonSchemaType, type)
    ? (gorillaToJsonSchemaType[type] as string)
    : "string";
}

function appendDescription(schema: Schema, text: string): void {
  schema.description = `${typeof schema.description === "string" ? schema.description : ""}${text}`;
}

/** BFCL's `_cast_to_openai_type` over a `properties` object (copied, not changed in place). */
function castProperties(properties: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(properties)) {
    const schema: Schema = { ...(raw as Schema) };
    if (!("type" in schema)) schema.type = "string";
    else {
      if (schema.type === "float") {
        schema.format = "float";
        appendDescription(schema, " This is a float type value.");
      }
      schema.type = mapType(schema.type);
    }
    if (schema.type === "array" || schema.type === "object") {
      if (schema.properties && typeof schema.properties === "object") {
        schema.properties = castProperties(schema.properties as Record<string, unknown>);
      } else if (schema.items && typeof schema.items === "object") {
        const items: Schema = { ...(schema.items as Schema) };
        items.type = mapType(items.type);
        if (items.type === "array" && items.items && typeof items.items === "object") {
          items.items = { ...(items.items as Schema), type: mapType((items.items as Schema).type) };
        } else if (items.type === "object" && items.properties && typeof items.properties === "object") {
          items.properties = castProperties(items.properties as Record<string, unknown>);
        }
        schema.items = items;
      }
    }
    out[key] = schema;
  }
  return out;
}

const languageHints = {
  java: " Note that the provided function is in Java 8 SDK syntax.",
  javascript: " Note that the provided function is in JavaScript syntax.",
  python: " Note that the provided function is in Python 3 syntax.",
} as const;

/** BFCL's language pre-processing of one function doc (hints; Java/JS parameters as strings). */
function withLanguageHints(doc: Schema, category: BfclCategory): Schema {
  const language = bfclLanguage(category);
  const out: Schema = {
    ...doc,
    description: `${typeof doc.description === "string" ? doc.description : ""}${languageHints[language]}`,
  };
  if (language === "python") return out;
  const parameters = { ...((doc.parameters ?? {}) as Schema) };
  const properties: Record<string, unknown> = {};
  const languageName = language === "java" ? "Java" : "JavaScript";
  for (const [key, raw] of Object.entries((parameters.properties ?? {}) as Record<string, unknown>)) {
    const schema: Schema = { ...(raw as Schema) };
    if (schema.type === "any")
      appendDescription(
        schema,
        ` This parameter can be of any type of ${languageName} object in string representation.`,
      );
    else
      appendDescription(
        schema,
        ` This is ${languageName} ${String(schema.type)} type parameter in string representation.`,
      );
    const listType =
      language === "java" ? schema.type === "ArrayList" || schema.type === "Array" : schema.type === "array";
    if (listType) {
      appendDescription(
        schema,
        ` The list elements are of type ${String((schema.items as Schema | undefined)?.type)}; they are not in string representation.`,
      );
      delete schema.items;
    }
    if (language === "javascript" && schema.type === "dict" && "properties" in schema) {
      appendDescription(
        schema,
        ` The dictionary entries have the following schema; they are not in string representation. ${pythonJsonDumps(schema.properties)}`,
      );
      delete schema.properties;
    }
    schema.type = "string";
    properties[key] = schema;
  }
  parameters.properties = properties;
  out.parameters = parameters;
  return out;
}

/** `json.dumps` with Python's default separators (", " and ": ") and ASCII escapes. */
function pythonJsonDumps(value: unknown): string {
  const ascii = (text: string): string =>
    text.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(", ")}]`;
  if (value && typeof value === "object")
    return `{${Object.entries(value)
      .map(([key, item]) => `${ascii(JSON.stringify(key))}: ${pythonJsonDumps(item)}`)
      .join(", ")}}`;
  return ascii(JSON.stringify(value) ?? "null");
}

/** A function name as function-calling mode offers it: "." → "_". */
export function toFcName(name: string): string {
  return name.replace(/\./g, "_");
}

/** The BFCL function whose function-calling name is `fcName` (the reverse of {@link toFcName}). */
export function fromFcName(fcName: string, functionNames: readonly string[]): string | undefined {
  return (
    functionNames.find((name) => name === fcName) ?? functionNames.find((name) => toFcName(name) === fcName)
  );
}

/** Options for {@link bfclToolDefinitions}. */
export interface BfclToolOptions {
  /** The entry's category: decides the language hints and Java/JavaScript string parameters. */
  category: BfclCategory;
  /** Add BFCL's language hints and string-typed Java/JS parameters (default true, as BFCL). */
  languageHints?: boolean;
  /** Replace "." in names with "_" (default true, as BFCL does for function-calling models). */
  fcNames?: boolean;
}

/** Converts an entry's function docs to JSON Schema tool definitions, as BFCL does. */
export function bfclToolDefinitions(
  functions: readonly unknown[],
  options: BfclToolOptions,
): ToolDefinition[] {
  return functions.map((raw) => {
    const doc =
      options.languageHints === false
        ? { ...(raw as Schema) }
        : withLanguageHints(raw as Schema, options.category);
    const name = String(doc.name);
    const parameters: Schema = { ...((doc.parameters ?? {}) as Schema), type: "object" };
    parameters.properties = castProperties((parameters.properties ?? {}) as Record<string, unknown>);
    const description = typeof doc.description === "string" ? { description: doc.description } : {};
    return { name: options.fcNames === false ? name : toFcName(name), ...description, parameters };
  });
}
