/**
 * The MCP SDK's `jsonSchemaValidator` seam, backed by {@link compileJsonSchema}. The SDK's client
 * compiles every listed tool's `outputSchema` and checks each call's `structuredContent` against
 * it; its default Ajv runs `pattern`s on JavaScript's backtracking engine (a server could stall
 * edgecall with `^(a+)+$` and a long result, outside any tool timeout) and reads every schema as
 * draft-07 (zod 4's 2020-12 tuples, `items: false`, would refuse every array). With this provider
 * output schemas get their own draft and the linear-time engine. It never throws: a schema that
 * cannot compile would otherwise fail the whole server's tool listing, so it fails only that
 * tool's calls, saying why.
 */
import type {
  JsonSchemaType,
  JsonSchemaValidator,
  JsonSchemaValidatorResult,
  jsonSchemaValidator,
} from "@modelcontextprotocol/sdk/validation/types.js";
import { compileJsonSchema } from "./schema-compiler.js";

/** Validators for the MCP SDK (`new Client(info, { jsonSchemaValidator: linearSchemaValidator })`). */
export const linearSchemaValidator: jsonSchemaValidator = {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const compiled = compileJsonSchema(schema);
    return (input: unknown): JsonSchemaValidatorResult<T> => {
      const problem = compiled.ok
        ? compiled.compiled.problems(input, "structuredContent")
        : `the tool's output schema cannot be used: ${compiled.message}`;
      return problem === undefined
        ? { valid: true, data: input as T, errorMessage: undefined }
        : { valid: false, data: undefined, errorMessage: problem };
    };
  },
};
