/**
 * FunctionGemma's prompt, written from the public formatting guide: Gemma turns
 * (`<start_of_turn>role\n…<end_of_turn>\n`, the assistant as `model`); the system text and the
 * tool declarations in a first `developer` turn, after the line that switches function calling
 * on; calls at the end of the model's turn; each tool result as
 * `<start_function_response>response:NAME{value:<escape>…<escape>}<end_function_response>` right
 * after the calls, in the same model turn, which the model then continues (so no new turn header
 * follows a tool result). src/gguf/synth/templates/functiongemma.ts renders the same text.
 */
import type { ChatMessage, ToolDefinition } from "../../messages.js";
import type { RenderOptions } from "../tool-call-format.js";
import { renderFunctionGemmaCalls, responseClose, responseOpen } from "./call-syntax.js";
import { renderDeclaration } from "./declarations.js";
import { renderFunctionGemmaFields } from "./value-syntax.js";

/** The developer-turn line the guide says switches function calling on. */
export const functionCallingLine =
  "You are a model that can do function calling with the following functions";

const turnStart = "<start_of_turn>";
const turnClose = "<end_of_turn>\n";

/** A tool result block: `response:NAME{value:<escape>TEXT<escape>}`. */
export function renderFunctionGemmaResponse(name: string, content: string): string {
  return `${responseOpen}response:${name}${renderFunctionGemmaFields({ value: content })}${responseClose}`;
}

/** The developer turn: system text, the switch line and the declarations; "" when neither. */
function developerTurn(system: string, tools: readonly ToolDefinition[]): string {
  if (system === "" && tools.length === 0) return "";
  let text = system;
  if (tools.length > 0) {
    if (system !== functionCallingLine) text += (system === "" ? "" : "\n") + functionCallingLine;
    text += tools.map(renderDeclaration).join("");
  }
  return `${turnStart}developer\n${text}${turnClose}`;
}

/**
 * The name a tool result answers: its own `name`, else the call at the same position among the
 * last assistant turn's calls.
 */
function resultName(messages: readonly ChatMessage[], index: number): string {
  const result = messages[index];
  if (result?.role === "tool" && result.name !== undefined) return result.name;
  let results = 0;
  for (let at = index - 1; at >= 0; at -= 1) {
    const message = messages[at]!;
    if (message.role === "tool") results += 1;
    else if (message.role === "assistant") return message.toolCalls?.[results]?.name ?? "";
    else break;
  }
  return "";
}

/** Renders the conversation in FunctionGemma's prompt format (no BOS; the tokenizer adds it). */
export function renderFunctionGemmaPrompt(
  messages: readonly ChatMessage[],
  tools: readonly ToolDefinition[],
  options: RenderOptions = {},
): string {
  const first = messages[0];
  const system = first?.role === "system" ? first.content.trim() : "";
  const turns = first?.role === "system" ? messages.slice(1) : messages;
  let prompt = developerTurn(system, tools);
  /** True while the model's turn is open after tool results (the model continues it). */
  let inModelTurn = false;
  turns.forEach((message, index) => {
    if (message.role === "tool") {
      prompt += renderFunctionGemmaResponse(resultName(turns, index), message.content);
      inModelTurn = true;
      return;
    }
    if (inModelTurn && message.role !== "assistant") prompt += turnClose;
    if (message.role === "assistant") {
      if (!inModelTurn) prompt += `${turnStart}model\n`;
      prompt += message.content.trim() + renderFunctionGemmaCalls(message.toolCalls ?? []);
      inModelTurn = turns[index + 1]?.role === "tool";
      if (!inModelTurn) prompt += turnClose;
      return;
    }
    inModelTurn = false;
    const role = message.role === "system" ? "developer" : message.role;
    prompt += `${turnStart}${role}\n${message.content.trim()}${turnClose}`;
  });
  if (options.addGenerationPrompt === false || inModelTurn) return prompt;
  return `${prompt}${turnStart}model\n`;
}
