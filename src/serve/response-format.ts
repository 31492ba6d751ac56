/**
 * `response_format` (chat completions) and `text.format` (Responses API) read into a
 * ResponseFormat, and a reply's text checked against it. On a GGUF the llama-cpp backend enforces
 * the format with a grammar; on the other backends the reply is only checked, and what it gets
 * wrong is reported under `edgecall.responseFormatProblems` (malformed output is data: the request
 * still succeeds, as with calls).
 */
import { z } from "zod";
import type { GenerateRequest, GenerateResult } from "../backend/model-backend.js";
import { finalTexts } from "../formats/output-stream.js";
import { compileJsonSchema } from "../json-schema/schema-compiler.js";
import type { ResponseFormat } from "../messages.js";
import { InvalidChatRequest } from "./invalid-request.js";

const jsonSchemaFields = z.object({
  name: z.string().min(1).max(64).optional(),
  description: z.string().optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
  strict: z.boolean().nullable().optional(),
});

/**
 * Reads a response format. `nested`: the chat-completions shape (`{type, json_schema: {name,
 * schema, strict}}`); otherwise the Responses API's flat one (`{type, name, schema, strict}`).
 * `text` (or absent) gives undefined. Throws {@link InvalidChatRequest} naming `param`.
 */
export function readResponseFormat(
  value: unknown,
  param: string,
  nested: boolean,
): ResponseFormat | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new InvalidChatRequest(`${param}: must be an object with a type`, param);
  }
  const type = (value as { type?: unknown }).type;
  if (type === "text") return undefined;
  if (type === "json_object") return { type: "json_object" };
  if (type !== "json_schema") {
    throw new InvalidChatRequest(
      `${param}: type '${String(type)}' is not supported (use 'text', 'json_object' or 'json_schema')`,
      param,
    );
  }
  const at = nested ? `${param}.json_schema` : param;
  const fields = jsonSchemaFields.safeParse(
    nested ? (value as { json_schema?: unknown }).json_schema : value,
  );
  if (!fields.success) {
    const issue = fields.error.issues[0];
    const where = [at, ...(issue?.path ?? []).map(String)].join(".");
    throw new InvalidChatRequest(`${where}: ${issue?.message ?? "unexpected shape"}`, at);
  }
  const { name, schema, strict } = fields.data;
  if (name === undefined) throw new InvalidChatRequest(`${at}.name: a name is required`, `${at}.name`);
  // Compiled here (and cached), so a schema that cannot compile is a 400 before the model runs.
  const compiled = compileJsonSchema(schema ?? {});
  if (!compiled.ok) throw new InvalidChatRequest(`${at}.schema: ${compiled.message}`, `${at}.schema`);
  return {
    type: "json_schema",
    name,
    schema: schema ?? {},
    ...(strict === undefined || strict === null ? {} : { strict }),
  };
}

/**
 * Checks reply text against response formats. Each schema is compiled once (src/json-schema/:
 * its own draft, patterns on the linear-time engine), so a hostile `pattern` cannot stall the
 * server on a long reply.
 */
export class ResponseFormatChecker {
  /** What `text` gets wrong for `format`: empty when it is a JSON value the format allows. */
  problems(format: ResponseFormat, text: string): string[] {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return [`the reply is not JSON: ${(error as Error).message}`];
    }
    const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
    if (format.type === "json_object") return isObject ? [] : ["the reply is JSON but not an object"];
    const compiled = compileJsonSchema(format.schema);
    if (!compiled.ok) return [`the schema of ${format.name} does not compile: ${compiled.message}`];
    const problem = compiled.compiled.problems(value, "reply");
    return problem === undefined ? [] : [`the reply does not match the schema: ${problem}`];
  }
}

/**
 * `edgecall` fields known once the reply is: what a response-format reply gets wrong (empty when
 * it fits), and whether streamed text had to differ from the final reading.
 */
export function replyExtension(
  checker: ResponseFormatChecker,
  request: GenerateRequest,
  result: GenerateResult,
  diverged: readonly string[] = [],
): Record<string, unknown> {
  const format = request.responseFormat;
  return {
    ...(format === undefined
      ? {}
      : { responseFormatProblems: checker.problems(format, finalTexts(result.parts).content) }),
    ...(diverged.length > 0 ? { streamDiverged: diverged } : {}),
  };
}
