/**
 * Checks decoded tool-call arguments against the tool's full JSON Schema, catching what a grammar
 * cannot enforce (`pattern`, `multipleOf`, `uniqueItems`, calendar dates). Schemas are compiled
 * the one way schemas from outside are (src/json-schema/: the draft from `$schema`, ajv-formats,
 * patterns on the linear-time engine), each distinct schema once per process.
 */
import { compileJsonSchema, type JsonSchemaCompileResult } from "../json-schema/schema-compiler.js";
import type { ToolCall, ToolDefinition } from "../messages.js";

/** Why a call does not fit the offered tools; undefined when it does. */
export type ArgumentProblem = string | undefined;

/** Validates calls against tool schemas. */
export class ArgumentValidator {
  /** Results by schema object, sparing the canonical-JSON hash of a schema seen before. */
  private readonly bySchema = new WeakMap<object, JsonSchemaCompileResult>();

  /**
   * Checks one call: the tool must be offered and the arguments valid against its schema.
   * A schema that cannot compile is reported as a problem naming the tool.
   */
  check(call: ToolCall, tools: readonly ToolDefinition[]): ArgumentProblem {
    const tool = tools.find((candidate) => candidate.name === call.name);
    if (tool === undefined) return `no tool named "${call.name}" was offered`;
    const compiled = this.compiled(tool.parameters ?? {});
    if (!compiled.ok) return `the schema of ${tool.name} does not compile: ${compiled.message}`;
    const problem = compiled.compiled.problems(call.arguments, "arguments");
    return problem === undefined
      ? undefined
      : `arguments of ${tool.name} do not match its schema: ${problem}`;
  }

  private compiled(schema: Record<string, unknown>): JsonSchemaCompileResult {
    let result = this.bySchema.get(schema);
    if (result === undefined) {
      result = compileJsonSchema(schema, { allErrors: false });
      this.bySchema.set(schema, result);
    }
    return result;
  }
}
