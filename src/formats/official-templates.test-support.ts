/**
 * Test support: the official chat templates of the families edgecall supports (read from the
 * llama.cpp source shipped in node-llama-cpp) with the format each one writes calls in, and a
 * conversation that exercises tools, a call and its result.
 */
import type { ChatMessage, ToolDefinition } from "../messages.js";
import { readLlamaSourceFile } from "./llama-source.test-support.js";
import type { FormatName } from "./tool-call-format.js";

/** Template file name (in models/templates/) → the format its family uses. */
export const officialTemplates: ReadonlyArray<{ file: string; format: FormatName }> = [
  { file: "Qwen-Qwen3-0.6B.jinja", format: "qwen3" },
  { file: "Qwen3.5-4B.jinja", format: "qwen3.5" },
  { file: "LFM2.5-Instruct.jinja", format: "lfm2" },
  { file: "LFM2-8B-A1B.jinja", format: "lfm2" },
  { file: "openbmb-MiniCPM5-1B.jinja", format: "minicpm" },
  { file: "meta-llama-Llama-3.2-3B-Instruct.jinja", format: "llama3" },
  { file: "mistralai-Mistral-Nemo-Instruct-2407.jinja", format: "mistral" },
  { file: "Mistral-Small-3.2-24B-Instruct-2506.jinja", format: "mistral" },
  { file: "mistralai-Ministral-3-14B-Reasoning-2512.jinja", format: "mistral" },
];

/** The text of an official template. */
export function readOfficialTemplate(file: string): string {
  return readLlamaSourceFile(`models/templates/${file}`);
}

/** A weather tool with a required string and an optional integer. */
export const weatherTool: ToolDefinition = {
  name: "get_weather",
  description: "Current weather for a city",
  parameters: {
    type: "object",
    properties: { city: { type: "string" }, days: { type: "integer" } },
    required: ["city"],
  },
};

/** System, user, an assistant call (with a Mistral-legal id) and its result. */
export const toolConversation: ChatMessage[] = [
  { role: "system", content: "You are a helpful assistant." },
  { role: "user", content: "What is the weather in Paris?" },
  {
    role: "assistant",
    content: "",
    toolCalls: [{ id: "abcDEF123", name: "get_weather", arguments: { city: "Paris", days: 2 } }],
  },
  { role: "tool", content: '{"temperature": 21}', toolCallId: "abcDEF123", name: "get_weather" },
];
