/**
 * Checks decoded tool-call arguments against the tool's full JSON Schema with ajv (+ ajv-formats),
 * catching what a grammar cannot enforce (`pattern`, `multipleOf`, `uniqueItems`, calendar dates).
 * Each distinct schema is compiled once per validator.
 */
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { asError } from "../error-message.js";
import type { ToolCall, ToolDefinition } from "../messages.js";

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** Why a call does not fit the offered tools; undefined when it does. */
export type ArgumentProblem = string | undefined;

/** Validates calls against tool schemas, compiling each schema once. */
export class ArgumentValidator {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction | Error>();

  constructor() {
    this.ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
    addFormats(this.ajv);
  }

  /**
   * Checks one call: the tool must be offered and the arguments valid against its schema.
   * A schema ajv cannot compile is reported as a problem naming the tool.
   */
  check(call: ToolCall, tools: readonly ToolDefinition[]): ArgumentProblem {
    const tool = tools.find((candidate) => candidate.name === call.name);
    if (tool === undefined) return `no tool named "${call.name}" was offered`;
    const validate = this.validatorFor(tool);
    if (validate instanceof Error) return `the schema of ${tool.name} does not compile: ${validate.message}`;
    if (validate(call.arguments)) return undefined;
    return `arguments of ${tool.name} do not match its schema: ${this.ajv.errorsText(validate.errors, { dataVar: "arguments" })}`;
  }

  private validatorFor(tool: ToolDefinition): ValidateFunction | Error {
    const key = JSON.stringify(tool.parameters ?? {});
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      try {
        validate = this.ajv.compile(tool.parameters ?? {});
      } catch (error) {
        validate = asError(error);
      }
      this.compiled.set(key, validate);
    }
    return validate;
  }
}
