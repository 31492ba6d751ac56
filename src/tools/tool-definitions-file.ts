/**
 * Reads tool definitions from a JSON file given with `--tools FILE`: an array of
 * `{name, description, parameters}`, OpenAI's `[{type: "function", function: {...}}]`, or an object
 * `{"tools": [...]}` of either. Every schema is compiled the one way schemas from outside are
 * (src/json-schema/: draft-07, 2019-09 or 2020-12 by `$schema`, patterns on RE2), so a broken
 * tools file fails at the edge with the file, the tool and the field named
 * (`tools[1].function.parameters`), never halfway through a run.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { EdgecallError } from "../errors.js";
import { compileJsonSchema } from "../json-schema/schema-compiler.js";
import type { ToolDefinition } from "../messages.js";

const toolNamePattern = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

const plainTool = z.object({
  name: z
    .string()
    .regex(toolNamePattern, "must be 1-64 letters, digits, '_', '.' or '-', starting with a letter"),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});
const openAiTool = z.object({ type: z.literal("function"), function: plainTool });

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "unexpected shape";
  return issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message;
}

function invalid(path: string, why: string): EdgecallError {
  return new EdgecallError("invalid-tools", `invalid tools file ${path}: ${why}`, { subject: path });
}

/** Deepest schema nesting accepted: far beyond real tools, short of what overflows the stack. */
const maxSchemaDepth = 64;

/** Levels of objects and arrays in a JSON value, counted without recursion. */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > maxSchemaDepth) return deepest;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Why a tools document is not a valid list of tool definitions (the caller names the source). */
export class ToolDefinitionsProblem extends Error {
  /**
   * `why`: the words; `field`: the field at fault when it is a schema, as `tools[1].parameters`
   * or `tools[1].function.parameters` (the shape the entry was written in).
   */
  constructor(
    readonly why: string,
    readonly field?: string,
  ) {
    super(why);
    this.name = "ToolDefinitionsProblem";
  }
}

/**
 * Validates an already-parsed list of definitions (either shape, or `{"tools": [...]}`); throws
 * {@link ToolDefinitionsProblem} saying which tool is wrong and why, for callers that name the
 * source their own way (a file, a request field).
 */
export function validateToolDefinitions(document: unknown): ToolDefinition[] {
  const problem = (why: string, field?: string) => new ToolDefinitionsProblem(why, field);
  const list =
    document !== null && typeof document === "object" && !Array.isArray(document) && "tools" in document
      ? (document as { tools: unknown }).tools
      : document;
  if (!Array.isArray(list)) {
    throw problem('expected an array of {name, description, parameters} (or {"tools": [...]})');
  }
  const entries = list.map((entry: unknown, index) => {
    const isOpenAi =
      entry !== null && typeof entry === "object" && (entry as { type?: unknown }).type === "function";
    const parsed = (isOpenAi ? openAiTool : plainTool).safeParse(entry);
    if (!parsed.success) throw problem(`tool ${index}: ${describeIssue(parsed.error)}`);
    return {
      tool: "function" in parsed.data ? parsed.data.function : parsed.data,
      field: `tools[${index}]${isOpenAi ? ".function" : ""}.parameters`,
    };
  });
  const seen = new Set<string>();
  return entries.map(({ tool, field }, index) => {
    if (seen.has(tool.name)) throw problem(`tool ${index} ('${tool.name}'): duplicate tool name`);
    seen.add(tool.name);
    const parameters = tool.parameters ?? { type: "object", properties: {} };
    if (nestingDepth(parameters) > maxSchemaDepth) {
      throw problem(`tool '${tool.name}': parameters nest deeper than ${maxSchemaDepth} levels`);
    }
    const compiled = compileJsonSchema(parameters);
    if (!compiled.ok) throw problem(`tool '${tool.name}': ${field}: ${compiled.message}`, field);
    if (parameters.type !== undefined && parameters.type !== "object") {
      throw problem(
        `tool '${tool.name}': ${field} must describe an object, got type '${String(parameters.type)}'`,
        field,
      );
    }
    const definition: ToolDefinition = { name: tool.name, parameters };
    if (tool.description !== undefined) definition.description = tool.description;
    return definition;
  });
}

/** Validates an already-parsed tools document. `source` names it in errors. */
export function toolDefinitionsFromJson(document: unknown, source: string): ToolDefinition[] {
  try {
    return validateToolDefinitions(document);
  } catch (error) {
    if (error instanceof ToolDefinitionsProblem) throw invalid(source, error.why);
    throw error;
  }
}

/** Reads and validates a tools file. Throws `invalid-tools` or `file-not-found` naming the file. */
export function readToolDefinitionsFile(path: string): ToolDefinition[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT")
      throw new EdgecallError("file-not-found", `tools file not found: ${path}`, { subject: path });
    throw invalid(path, (error as Error).message);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw invalid(path, `not valid JSON: ${(error as Error).message}`);
  }
  return toolDefinitionsFromJson(document, path);
}
