/**
 * BFCL prompt mode: the functions are documented in a system prompt (as JSON) that asks for calls
 * written as a Python-style list, `[func_name1(param1=value1, param2=value2), func_name2(param)]`,
 * and nothing else; no tools are offered natively. The wording is edgecall's own statement of the
 * instructions of BFCL's default prompt (same call format, same rules: call only given functions,
 * say so when none fits or a required parameter is missing, output only the calls). The prompt
 * goes first in the system message, before any system text of the entry itself, as BFCL does.
 */
import type { ChatMessage, ToolDefinition } from "../messages.js";

/** The instructions (without the function list). */
export const bfclPromptInstructions = [
  "You are an expert in composing function calls. You are given a question and a set of possible functions.",
  "Based on the question, make one or more function calls to achieve the purpose.",
  "If none of the functions can be used, say so. If the question lacks parameters that a function requires, say so too.",
  "Your response should contain only the function calls.",
  "",
  "If you decide to invoke any of the functions, you MUST write them in the format",
  "[func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)]",
  "Do not include any other text in the response.",
  "",
  "In each turn, do your best to complete the user's request within that turn. Keep writing function calls until",
  "you have fulfilled the request as well as you can; when it is fulfilled, or no function is left to call, stop",
  "and return all the function calls in your response.",
].join("\n");

/** The system prompt listing `functions` (BFCL function docs, written as JSON). */
export function bfclSystemPrompt(functions: readonly ToolDefinition[]): string {
  return `${bfclPromptInstructions}\n\nHere is a list of functions in JSON format that you can invoke.\n${JSON.stringify(functions, null, 4)}\n`;
}

/** The messages of a prompt-mode sample: the system prompt merged into (or placed before) the entry's messages. */
export function withBfclSystemPrompt(
  messages: readonly ChatMessage[],
  functions: readonly ToolDefinition[],
): ChatMessage[] {
  const prompt = bfclSystemPrompt(functions);
  const [first, ...rest] = messages;
  if (first?.role === "system")
    return [{ role: "system", content: `${prompt}\n\n${first.content}` }, ...rest];
  return [{ role: "system", content: prompt }, ...messages];
}
