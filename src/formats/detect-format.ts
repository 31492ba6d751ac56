/**
 * Picks a tool-call format from a GGUF chat template's text by the markers each family's template
 * contains. The order matters: Qwen3.5 and MiniCPM5 templates also contain Qwen3's markers.
 */
import type { FormatName } from "./tool-call-format.js";

interface Rule {
  format: FormatName;
  matches(template: string): boolean;
}

const has = (template: string, ...markers: string[]) => markers.every((marker) => template.includes(marker));

const rules: readonly Rule[] = [
  { format: "qwen3.5", matches: (template) => has(template, "<function=", "<parameter=") },
  {
    format: "minicpm",
    matches: (template) =>
      has(template, "<function name=", "<param name=") || has(template, "Tool usage guidelines:"),
  },
  {
    format: "lfm2",
    matches: (template) =>
      has(template, "<|tool_list_start|>") ||
      has(template, "List of tools:") ||
      has(template, "<|tool_call_start|>"),
  },
  {
    format: "mistral",
    matches: (template) => has(template, "[TOOL_CALLS]") || has(template, "[AVAILABLE_TOOLS]"),
  },
  {
    format: "llama3",
    matches: (template) =>
      has(template, "<|start_header_id|>") && (has(template, "ipython") || has(template, "parameters")),
  },
  {
    format: "qwen3",
    matches: (template) =>
      has(template, "<tool_call>") && (has(template, "arguments") || has(template, "tojson")),
  },
];

/** The format a chat template writes calls in, or undefined when no family's markers are found. */
export function detectFormat(chatTemplate: string | undefined): FormatName | undefined {
  if (typeof chatTemplate !== "string" || chatTemplate === "") return undefined;
  return rules.find((rule) => rule.matches(chatTemplate))?.format;
}
