/**
 * The parts of a request body that `/v1/chat/completions` and `/v1/responses` read the same way:
 * the field path an error names, a tool call's arguments (a JSON string or an object), the tools a
 * `tool_choice` leaves offered, sampling without its null fields, and whether decoding is
 * constrained. Each throws {@link InvalidChatRequest} naming the field at fault.
 */
import type { z } from "zod";
import type { GenerateRequest, ToolChoice } from "../backend/model-backend.js";
import type { ToolDefinition } from "../messages.js";
import { InvalidChatRequest } from "./invalid-request.js";
import { assertRequestDepth } from "./request-depth.js";

/** `messages[2].tool_calls[0].function` from zod's path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path)
    text += typeof key === "number" ? `[${key}]` : text === "" ? String(key) : `.${String(key)}`;
  return text;
}

/** The error for zod's first issue: `field: why`, or `why` alone for the body as a whole. */
export function issueError(error: z.ZodError, why = (issue: z.core.$ZodIssue) => issue.message) {
  const issue = error.issues[0];
  if (issue === undefined) return new InvalidChatRequest("the request body has an unexpected shape", null);
  const param = fieldPath(issue.path);
  const reason = why(issue);
  return new InvalidChatRequest(param === "" ? reason : `${param}: ${reason}`, param === "" ? null : param);
}

/**
 * A call's arguments at `field`: a JSON string (empty meaning `{}`, nested no deeper than
 * request-depth.ts allows) or an object; anything else is refused.
 */
export function callArguments(raw: unknown, field: string): Record<string, unknown> {
  let decoded: unknown = raw;
  if (typeof raw === "string") {
    try {
      decoded = JSON.parse(raw === "" ? "{}" : raw);
    } catch (error) {
      throw new InvalidChatRequest(`${field}: not valid JSON: ${(error as Error).message}`, field);
    }
    assertRequestDepth(decoded, field);
  }
  if (decoded === null || typeof decoded !== "object" || Array.isArray(decoded)) {
    throw new InvalidChatRequest(`${field}: must be a JSON object`, field);
  }
  return decoded as Record<string, unknown>;
}

/**
 * The tools offered and the choice after `tool_choice`: a mode as it is (a call needs tools), or a
 * named function, which leaves that tool alone and requires a call.
 */
export function chosenTools(
  tools: ToolDefinition[],
  choice: ToolChoice | { name: string } | undefined,
): { tools: ToolDefinition[]; toolChoice: ToolChoice | undefined } {
  if (choice !== undefined && choice !== "none" && choice !== "auto" && tools.length === 0) {
    throw new InvalidChatRequest("tool_choice: a call is required, but no tools are offered", "tool_choice");
  }
  if (choice === undefined || typeof choice === "string") return { tools, toolChoice: choice };
  const named = tools.filter((tool) => tool.name === choice.name);
  if (named.length === 0) {
    throw new InvalidChatRequest(
      `tool_choice: names function '${choice.name}', which is not among the tools offered`,
      "tool_choice",
    );
  }
  return { tools: named, toolChoice: "required" };
}

/** Sampling settings the request gives (null and absent ones left out); undefined when none. */
export function samplingOf(given: {
  temperature?: number | null;
  topP?: number | null;
  topK?: number | null;
  seed?: number | null;
}): GenerateRequest["sampling"] {
  const sampling = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined && value !== null),
  );
  return Object.keys(sampling).length > 0 ? sampling : undefined;
}

/** Constrained decoding when the server is `--constrained` and a call may be made. */
export function decodingOf(
  constrained: boolean | undefined,
  tools: readonly ToolDefinition[],
  toolChoice: ToolChoice | undefined,
): "constrained" | "free" {
  return constrained === true && tools.length > 0 && toolChoice !== "none" ? "constrained" : "free";
}
