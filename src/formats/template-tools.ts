/**
 * Whether a chat template shows the model the tools it is offered. Some instruction-tuned files
 * (SmolLM2-135M-Instruct among them) ship a ChatML template that renders only each message's role
 * and content: rendered with that template, a request's tools never reach the prompt, and a tool
 * suite would measure a model that was never told any tool exists. Such a template is found by
 * rendering it once with a probe tool; with tools, those files are prompted with the format's own
 * renderer instead (llama-cpp/prompt.ts), and `run`, `chat` and the backend info say so.
 */
import type { ToolDefinition } from "../messages.js";
import { renderChatTemplate } from "./chat-template.js";

/** A tool no template names by chance. */
const probeTool: ToolDefinition = {
  name: "edgecall_probe_tool_q7x",
  description: "Probe: is this tool shown to the model?",
  parameters: { type: "object", properties: { edgecall_probe_argument: { type: "string" } } },
};

/**
 * True when rendering `template` with a tool puts the tool's name in the prompt. A template that
 * fails to render counts as showing tools (its error surfaces on the real render instead).
 */
export function templateShowsTools(template: string): boolean {
  try {
    const prompt = renderChatTemplate(template, [{ role: "user", content: "Hello." }], [probeTool], {
      addGenerationPrompt: true,
    });
    return prompt.includes(probeTool.name);
  } catch {
    return true;
  }
}

/** The one-line note `run` and `chat` print when the file's template does not show tools. */
export function templateIgnoresToolsLine(formatName: string | undefined): string {
  return (
    "the model file's chat template does not show the model any tools; with tools, prompts use " +
    `the ${formatName ?? "json"} format's own prompt instead (its tool instructions and turn markers)`
  );
}
