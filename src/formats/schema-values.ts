/**
 * Types the untyped text values of XML-style calls (Qwen3.5 `<parameter=…>`, MiniCPM5 `<param …>`)
 * by the tool's JSON Schema: strings stay raw, numbers / booleans / null are parsed, objects and
 * arrays are read as JSON (or Python literals). Unknown schema: try JSON, else keep the string.
 */
import type { ToolDefinition } from "../messages.js";
import { isPlainObject } from "./call-parts.js";
import { maxNestingDepth, textNestingDepth } from "./nesting-depth.js";
import { parsePythonValue, toPlainValue } from "./python-literal.js";

const jsonTypes = ["string", "integer", "number", "boolean", "null", "object", "array"] as const;
type JsonType = (typeof jsonTypes)[number];

/** The schema of argument `key` of tool `toolName`, if the tools list describes it. */
export function findParameterSchema(
  tools: readonly ToolDefinition[] | undefined,
  toolName: string,
  key: string,
): unknown {
  const tool = tools?.find((candidate) => candidate.name === toolName);
  const properties = tool?.parameters?.properties;
  return isPlainObject(properties) ? properties[key] : undefined;
}

/** Converts raw parameter text to a value of the type `schema` allows. Never throws. */
export function convertParameterValue(raw: string, schema: unknown): unknown {
  const types = schemaTypes(schema, 0);
  if (types.size === 0) return (parseJson(raw) ?? { value: raw }).value;
  if (types.size === 1 && types.has("string")) return raw;
  const trimmed = raw.trim();
  for (const type of jsonTypes) {
    if (type === "string" || !types.has(type)) continue;
    const converted = convertTo(type, trimmed);
    if (converted !== undefined) return converted.value;
  }
  return raw;
}

/**
 * True when raw parameter text would be read as an array or object (its schema allows more than
 * strings) and its brackets nest deeper than a parameter may (`maxNestingDepth` less the
 * arguments object): the parsers report such a call as an error instead of converting it.
 */
export function parameterTooDeep(raw: string, schema: unknown): boolean {
  const types = schemaTypes(schema, 0);
  if (types.size === 1 && types.has("string")) return false;
  return textNestingDepth(raw) > maxNestingDepth - 1;
}

/** The JSON types a schema allows (empty when it says nothing). */
function schemaTypes(schema: unknown, depth: number): Set<JsonType> {
  const types = new Set<JsonType>();
  if (!isPlainObject(schema) || depth > 8) return types;
  const declared = Array.isArray(schema.type) ? schema.type : [schema.type];
  for (const type of declared) if (jsonTypes.includes(type as JsonType)) types.add(type as JsonType);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const branches = schema[key];
    if (Array.isArray(branches))
      for (const branch of branches) for (const type of schemaTypes(branch, depth + 1)) types.add(type);
  }
  const literals = Array.isArray(schema.enum) ? schema.enum : "const" in schema ? [schema.const] : [];
  for (const literal of literals) types.add(typeOfValue(literal));
  if (types.size === 0 && isPlainObject(schema.properties)) types.add("object");
  if (types.size === 0 && "items" in schema) types.add("array");
  return types;
}

function typeOfValue(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "boolean") return "boolean";
  return typeof value === "object" ? "object" : "string";
}

function convertTo(type: JsonType, text: string): { value: unknown } | undefined {
  switch (type) {
    case "integer":
      return /^[+-]?\d+$/.test(text) ? { value: Number(text) } : undefined;
    case "number":
      return /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(text) ? { value: Number(text) } : undefined;
    case "boolean":
      if (/^true$/i.test(text)) return { value: true };
      return /^false$/i.test(text) ? { value: false } : undefined;
    case "null":
      return /^(null|none)$/i.test(text) ? { value: null } : undefined;
    case "object":
    case "array": {
      const parsed = parseJson(text) ?? parsePython(text);
      if (parsed === undefined) return undefined;
      const isArray = Array.isArray(parsed.value);
      return (type === "array" ? isArray : isPlainObject(parsed.value)) ? parsed : undefined;
    }
    default:
      return undefined;
  }
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

function parsePython(text: string): { value: unknown } | undefined {
  const result = parsePythonValue(text);
  if (!result.ok || text.slice(result.end).trim() !== "") return undefined;
  return { value: toPlainValue(result.value) };
}
