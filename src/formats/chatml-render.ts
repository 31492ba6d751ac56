/**
 * The ChatML prompt (`<|im_start|>role\n…<|im_end|>\n`) shared by the Qwen, LFM2, MiniCPM and
 * generic formats. A format supplies a small style: how its system turn lists tools, how calls
 * are written and how tool results are returned.
 */
import type { ChatMessage, ToolCall, ToolDefinition } from "../messages.js";
import type { RenderOptions } from "./tool-call-format.js";

/** How tool results go back to the model. */
export type ToolResultStyle =
  /** Consecutive results share one user turn, each wrapped in `<tool_response>` (Qwen, MiniCPM). */
  | { kind: "user-tool-response" }
  /** Each result is its own turn with `role`, its text between `prefix` and `suffix` (LFM2). */
  | { kind: "role"; role: string; prefix: string; suffix: string };

/** One family's ChatML conventions. */
export interface ChatMLStyle {
  /** The system turn's text from the first system message and the tools; undefined for none. */
  systemTurn(system: string | undefined, tools: readonly ToolDefinition[]): string | undefined;
  /** Assistant calls as the model writes them. */
  renderCalls(calls: readonly ToolCall[]): string;
  /** Written between the assistant's text and its first call. */
  contentCallSeparator: string;
  toolResults: ToolResultStyle;
  /** Whether the generation prompt opens `<think>` when thinking is not turned off (Qwen3.5). */
  opensThinking: boolean;
}

const start = "<|im_start|>";
const end = "<|im_end|>\n";

/** Renders a ChatML prompt in `style`. */
export function renderChatML(
  messages: readonly ChatMessage[],
  tools: readonly ToolDefinition[],
  style: ChatMLStyle,
  options: RenderOptions = {},
): string {
  const first = messages[0];
  const system = first?.role === "system" ? first.content : undefined;
  const rest = first?.role === "system" ? messages.slice(1) : messages;
  let prompt = "";
  const systemText = style.systemTurn(system, tools);
  if (systemText !== undefined) prompt += `${start}system\n${systemText}${end}`;
  const lastUser = rest.map((message) => message.role).lastIndexOf("user");
  rest.forEach((message, index) => {
    if (message.role === "tool") {
      prompt += renderToolResult(
        message.content,
        style.toolResults,
        rest[index - 1]?.role,
        rest[index + 1]?.role,
      );
      return;
    }
    if (message.role !== "assistant") {
      prompt += `${start}${message.role}\n${message.content}${end}`;
      return;
    }
    const reasoning =
      message.reasoning && index > lastUser ? `<think>\n${message.reasoning.trim()}\n</think>\n\n` : "";
    const calls = message.toolCalls?.length ? style.renderCalls(message.toolCalls) : "";
    const separator = calls && message.content ? style.contentCallSeparator : "";
    prompt += `${start}assistant\n${reasoning}${message.content}${separator}${calls}${end}`;
  });
  if (options.addGenerationPrompt === false) return prompt;
  prompt += `${start}assistant\n`;
  if (options.enableThinking === false) return `${prompt}<think>\n\n</think>\n\n`;
  return options.enableThinking === true || style.opensThinking ? `${prompt}<think>\n` : prompt;
}

function renderToolResult(content: string, style: ToolResultStyle, previous?: string, next?: string): string {
  if (style.kind === "role") return `${start}${style.role}\n${style.prefix}${content}${style.suffix}${end}`;
  const open = previous === "tool" ? "" : `${start}user`;
  const close = next === "tool" ? "" : end;
  return `${open}\n<tool_response>\n${content}\n</tool_response>${close}`;
}

/** Lists tools one JSON object per line inside `<tools>…</tools>` (Qwen, MiniCPM). */
export function toolsBlock(toolLines: readonly string[]): string {
  return `<tools>\n${toolLines.join("\n")}\n</tools>`;
}
