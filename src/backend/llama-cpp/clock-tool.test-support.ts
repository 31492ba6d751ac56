import type { ToolDefinition } from "../../messages.js";

/** A one-argument tool the llama-cpp backend tests offer the tiny models. */
export const clockTool: ToolDefinition = {
  name: "get_time",
  description: "Current time in a zone.",
  parameters: {
    type: "object",
    properties: { zone: { type: "string", enum: ["UTC", "CET", "PST"] } },
    required: ["zone"],
    additionalProperties: false,
  },
};
