/**
 * Tool schemas in a form a server's grammar can take. llama-server (llama.cpp) turns each tool's
 * JSON Schema into a grammar and refuses the whole request (HTTP 400 "failed to parse grammar")
 * when a repetition count reaches its limit of 2000 rules (`maxLength: 2000`, `minLength: 2001`,
 * or a smaller count over a larger repeated rule). The in-process grammar leaves bounds above
 * {@link maxGrammarRepetitions} open (src/grammar/value-dialect.ts); this does the same to the
 * schemas sent to a server: such `minLength`/`maxLength`/`minItems`/`maxItems` are dropped, and
 * the argument validator, which checks every call against the full schema before it runs, refuses
 * what the server's grammar let through.
 */
import { maxGrammarRepetitions } from "../../grammar/value-dialect.js";
import type { ToolDefinition } from "../../messages.js";

const countKeywords = ["minLength", "maxLength", "minItems", "maxItems"] as const;
/** Keywords whose values are data, not schemas: never walked into. */
const dataKeywords = new Set(["const", "enum", "default", "examples"]);

/** A bound that was dropped: where (tool and JSON pointer into its parameters), which, and its value. */
export interface RelaxedBound {
  tool: string;
  /** JSON pointer into the tool's parameters, e.g. `/properties/body`. */
  path: string;
  keyword: (typeof countKeywords)[number];
  value: number;
}

/** `relaxed` names the bounds dropped (empty when the tools were already fine). */
export interface RelaxedTools {
  tools: ToolDefinition[];
  relaxed: RelaxedBound[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The schema with large count bounds dropped, walking every subschema; `found` collects them. */
function relaxSchema(
  schema: unknown,
  path: string,
  tool: string,
  found: RelaxedBound[],
  depth: number,
): unknown {
  // Schemas deeper than this are refused by the argument validator's own limits anyway.
  if (depth > 64) return schema;
  if (Array.isArray(schema))
    return schema.map((item, index) => relaxSchema(item, `${path}/${index}`, tool, found, depth + 1));
  if (!isPlainObject(schema)) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    const keyword = countKeywords.find((name) => name === key);
    if (keyword !== undefined && typeof value === "number" && value > maxGrammarRepetitions) {
      found.push({ tool, path: path === "" ? "/" : path, keyword, value });
      continue;
    }
    if (dataKeywords.has(key)) {
      copy[key] = value;
      continue;
    }
    const escaped = key.replace(/~/g, "~0").replace(/\//g, "~1");
    copy[key] = relaxSchema(value, `${path}/${escaped}`, tool, found, depth + 1);
  }
  return copy;
}

/** The tools with every count bound above {@link maxGrammarRepetitions} dropped from their parameters. */
export function relaxGrammarBounds(tools: readonly ToolDefinition[]): RelaxedTools {
  const relaxed: RelaxedBound[] = [];
  const relaxedTools = tools.map((tool) => {
    const before = relaxed.length;
    const parameters = relaxSchema(tool.parameters, "", tool.name, relaxed, 0);
    return relaxed.length === before
      ? tool
      : { ...tool, parameters: parameters as ToolDefinition["parameters"] };
  });
  return { tools: relaxedTools, relaxed };
}

/** One line for a relaxed bound, e.g. `send_email /properties/body maxLength 20000`. */
export function describeRelaxedBound(bound: RelaxedBound): string {
  return `${bound.tool} ${bound.path} ${bound.keyword} ${bound.value}`;
}

/** True for a server's refusal of a request because its grammar could not be built from the schemas. */
export function isGrammarRefusal(status: number, message: string): boolean {
  return status === 400 && /grammar/i.test(message);
}
