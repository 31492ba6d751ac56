/** Tool definitions in the OpenAI shape that chat templates and model prompts list. */
import type { ToolDefinition } from "../messages.js";

/** `{type: "function", function: {name, description, parameters}}` (description left out when absent). */
export interface OpenAiTool {
  type: "function";
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

/** Converts our tool definition to the OpenAI shape. */
export function toOpenAiTool(tool: ToolDefinition): OpenAiTool {
  const description = tool.description === undefined ? {} : { description: tool.description };
  return { type: "function", function: { name: tool.name, ...description, parameters: tool.parameters } };
}
