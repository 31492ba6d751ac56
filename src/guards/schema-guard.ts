/**
 * Validates a call's arguments against its tool's JSON Schema with ajv 8 (+ ajv-formats,
 * `strict: false`). One ajv instance serves the process and each distinct schema (by its
 * canonical JSON) is compiled once, whatever session or tool object brings it: an eval builds a
 * registry per sample, and a fresh ajv compiles its meta-schema and every tool schema again
 * (most of a sample's guard time). At most {@link maxCompiledSchemas} validators are kept. The
 * message is ajv's own, so a model sees exactly which argument was wrong.
 */
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { canonicalJson } from "../canonical-json.js";
import { asError } from "../error-message.js";
import type { Tool } from "../tools/tool.js";

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** Most compiled validators kept per process; the least recently used goes first. */
export const maxCompiledSchemas = 1024;

let sharedAjv: Ajv | undefined;
const compiledBySchema = new Map<string, ValidateFunction | Error>();

function ajv(): Ajv {
  if (sharedAjv === undefined) {
    sharedAjv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(sharedAjv);
  }
  return sharedAjv;
}

function compiled(schema: unknown): ValidateFunction | Error {
  const key = canonicalJson(schema);
  const known = compiledBySchema.get(key);
  if (known !== undefined) {
    compiledBySchema.delete(key);
    compiledBySchema.set(key, known);
    return known;
  }
  let validate: ValidateFunction | Error;
  try {
    validate = ajv().compile(schema as object);
  } catch (error) {
    validate = asError(error);
  }
  // ajv keeps every schema object it compiled; the validator needs none of that once built.
  try {
    ajv().removeSchema(schema as object);
  } catch {
    // A schema that did not compile may not be registered.
  }
  if (compiledBySchema.size >= maxCompiledSchemas) {
    const oldest = compiledBySchema.keys().next().value as string;
    compiledBySchema.delete(oldest);
  }
  compiledBySchema.set(key, validate);
  return validate;
}

/** Finds (compiling at most once per schema) and caches the validator of each tool object. */
export class SchemaGuard {
  private readonly byTool = new WeakMap<Tool, ValidateFunction | Error>();

  /** Undefined when the arguments fit the schema, else ajv's message (`arguments/to must be array`). */
  check(tool: Tool, input: unknown): string | undefined {
    let validate = this.byTool.get(tool);
    if (validate === undefined) {
      validate = compiled(tool.definition.parameters);
      this.byTool.set(tool, validate);
    }
    if (validate instanceof Error)
      return `the schema of ${tool.definition.name} does not compile: ${validate.message}`;
    if (input === null || typeof input !== "object" || Array.isArray(input))
      return "arguments must be a JSON object";
    if (validate(input)) return undefined;
    return ajv().errorsText(validate.errors, { dataVar: "arguments" });
  }
}
