/**
 * A JSON Schema tool definition as a BFCL function doc, so tools written in JSON Schema (the
 * assistant tools) can be scored with BFCL's AST checker: `object` → `dict`, `number` → `float`,
 * and the rest by name; a property with several types (or none) becomes `any`, which the checker
 * treats by the type of the possible answer.
 */
import type { ToolDefinition } from "../messages.js";

const schemaToGorilla: Readonly<Record<string, string>> = {
  string: "string",
  integer: "integer",
  number: "float",
  boolean: "boolean",
  array: "array",
  object: "dict",
};

function gorillaType(schema: unknown): string {
  const type = (schema as { type?: unknown } | undefined)?.type;
  return typeof type === "string" && Object.hasOwn(schemaToGorilla, type)
    ? (schemaToGorilla[type] as string)
    : "any";
}

/** The BFCL-style function doc (`{name, description, parameters: {type: "dict", properties, required}}`). */
export function schemaFunctionDoc(tool: ToolDefinition): Record<string, unknown> {
  const parameters = tool.parameters as { properties?: Record<string, unknown>; required?: unknown };
  const properties: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(parameters.properties ?? {})) {
    const type = gorillaType(schema);
    const property: Record<string, unknown> = { type };
    if (type === "array") property.items = { type: gorillaType((schema as { items?: unknown }).items) };
    properties[key] = property;
  }
  return {
    name: tool.name,
    description: tool.description ?? "",
    parameters: {
      type: "dict",
      properties,
      required: Array.isArray(parameters.required) ? parameters.required : [],
    },
  };
}
