/**
 * Validates a call's arguments against its tool's JSON Schema with ajv 8 (+ ajv-formats,
 * `strict: false`), compiling each tool's schema once. The message is ajv's own, so a model sees
 * exactly which argument was wrong.
 */
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { asError } from "../error-message.js";
import type { Tool } from "../tools/tool.js";

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** Compiles and caches one validator per tool object. */
export class SchemaGuard {
  private readonly ajv: Ajv;
  private readonly compiled = new WeakMap<Tool, ValidateFunction | Error>();

  constructor() {
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
  }

  /** Undefined when the arguments fit the schema, else ajv's message (`arguments/to must be array`). */
  check(tool: Tool, input: unknown): string | undefined {
    let validate = this.compiled.get(tool);
    if (validate === undefined) {
      try {
        validate = this.ajv.compile(tool.definition.parameters);
      } catch (error) {
        validate = asError(error);
      }
      this.compiled.set(tool, validate);
    }
    if (validate instanceof Error)
      return `the schema of ${tool.definition.name} does not compile: ${validate.message}`;
    if (input === null || typeof input !== "object" || Array.isArray(input))
      return "arguments must be a JSON object";
    if (validate(input)) return undefined;
    return this.ajv.errorsText(validate.errors, { dataVar: "arguments" });
  }
}
