/**
 * Validates a call's arguments against its tool's JSON Schema, compiled the one way schemas from
 * outside are (src/json-schema/: the draft from `$schema`, ajv-formats, `strict: false`, patterns
 * on the linear-time engine, so an MCP server's `pattern` cannot stall a session outside the tool
 * timeout). Each distinct schema is compiled once per process, whatever session or tool object
 * brings it (an eval builds a registry per sample); the compiler's cache is bounded. The message
 * is ajv's own, so a model sees exactly which argument was wrong.
 */
import { compileJsonSchema, type JsonSchemaCompileResult } from "../json-schema/schema-compiler.js";
import type { Tool } from "../tools/tool.js";

/** Finds (compiling at most once per schema) and caches the validator of each tool object. */
export class SchemaGuard {
  private readonly byTool = new WeakMap<Tool, JsonSchemaCompileResult>();

  /** Undefined when the arguments fit the schema, else ajv's message (`arguments/to must be array`). */
  check(tool: Tool, input: unknown): string | undefined {
    let compiled = this.byTool.get(tool);
    if (compiled === undefined) {
      compiled = compileJsonSchema(tool.definition.parameters ?? {});
      this.byTool.set(tool, compiled);
    }
    if (!compiled.ok) return `the schema of ${tool.definition.name} does not compile: ${compiled.message}`;
    if (input === null || typeof input !== "object" || Array.isArray(input))
      return "arguments must be a JSON object";
    return compiled.compiled.problems(input, "arguments");
  }
}
