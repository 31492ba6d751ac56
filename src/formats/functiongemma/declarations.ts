/**
 * Tool declarations as FunctionGemma reads them in its developer turn:
 * `<start_function_declaration>declaration:NAME{description:<escape>…<escape>,parameters:{…}}
 * <end_function_declaration>`. The parameters are the tool's JSON Schema in the value notation
 * (value-syntax.ts), keys sorted, every `type` in upper case (`STRING`, `OBJECT`), as the
 * public formatting guide shows.
 */
import type { ToolDefinition } from "../../messages.js";
import { renderFunctionGemmaFields } from "./value-syntax.js";

/** Opens a tool declaration. */
export const declarationOpen = "<start_function_declaration>";
/** Closes a tool declaration. */
export const declarationClose = "<end_function_declaration>";

/** Schema keywords whose value is a map of names to schemas. */
const schemaMaps = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
/** Schema keywords whose value is one schema (or, for `items`, a list of them). */
const schemaValued = new Set([
  "items",
  "additionalProperties",
  "additionalItems",
  "unevaluatedProperties",
  "unevaluatedItems",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "propertyNames",
]);
/** Schema keywords whose value is a list of schemas. */
const schemaLists = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A copy of `schema` with every `type` keyword's names in upper case (property names untouched). */
export function upperCaseTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(upperCaseTypes);
  if (!isRecord(schema)) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    let converted = value;
    if (key === "type") {
      converted =
        typeof value === "string"
          ? value.toUpperCase()
          : Array.isArray(value)
            ? value.map((item) => (typeof item === "string" ? item.toUpperCase() : item))
            : value;
    } else if (schemaMaps.has(key) && isRecord(value)) {
      converted = Object.fromEntries(
        Object.entries(value).map(([name, item]) => [name, upperCaseTypes(item)]),
      );
    } else if (schemaValued.has(key) || schemaLists.has(key)) {
      converted = upperCaseTypes(value);
    }
    Object.defineProperty(copy, key, {
      value: converted,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** One tool's declaration block. */
export function renderDeclaration(tool: ToolDefinition): string {
  const body = renderFunctionGemmaFields({
    description: tool.description ?? "",
    parameters: upperCaseTypes(tool.parameters ?? { type: "object", properties: {} }),
  });
  return `${declarationOpen}declaration:${tool.name}${body}${declarationClose}`;
}
