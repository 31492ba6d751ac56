/**
 * What a request offers and forces, worked out once from the request and the format: the same
 * answers for prompt building and for decoding.
 */
import type { ToolCallFormat } from "../../formats/tool-call-format.js";
import type { ToolDefinition } from "../../messages.js";
import type { GenerateRequest } from "../model-backend.js";

/** See {@link callShape}. */
export interface CallShape {
  /** Every tool the request lists (parsing recognises calls to any of them). */
  allTools: ToolDefinition[];
  /** The tools rendered into the prompt and allowed by the call grammar (none for toolChoice none). */
  offered: ToolDefinition[];
  /** Constrained decoding with tools offered: the call grammar applies. */
  constrained: boolean;
  /** The call prefix is placed after the prompt and the grammar applies from the first token. */
  forceCall: boolean;
  /** A response format with no tools offered: its grammar applies from the first token. */
  structured: boolean;
}

/**
 * A response format with no tools offered (`structured`) is enforced by its grammar from the first
 * token, whatever the decoding mode (the client asked for that shape); with tools offered the
 * model may call them, and its text is left to the caller to check.
 */
export function callShape(request: GenerateRequest, format: ToolCallFormat): CallShape {
  const allTools = request.tools ?? [];
  const toolChoice = request.toolChoice ?? "auto";
  const offered = toolChoice === "none" ? [] : allTools;
  const structured = request.responseFormat !== undefined && offered.length === 0;
  const constrained = request.decoding === "constrained" && offered.length > 0;
  const forceCall = constrained && (toolChoice === "required" || format.callPrefix === "");
  return { allTools, offered, constrained, forceCall, structured };
}
