/**
 * The llama-cpp backend's prompt: the GGUF's own Jinja chat template rendered with our messages
 * and tools (the format's own renderer when the file has no template), tokenized with special
 * tokens parsed and exactly one BOS where the model wants one.
 */
import type { LlamaModel, Token } from "node-llama-cpp";
import { renderChatTemplate } from "../../formats/chat-template.js";
import type { ToolCallFormat } from "../../formats/tool-call-format.js";
import type { ChatMessage, ToolDefinition } from "../../messages.js";

/** What the prompt is rendered from. */
export interface PromptSource {
  model: LlamaModel;
  chatTemplate: string | undefined;
  format: ToolCallFormat;
  /** The model file, named in template errors. */
  path?: string;
  /** Passed to the template as `date_string` when set. */
  dateString?: string;
}

/** A rendered prompt and its tokens. */
export interface RenderedPrompt {
  text: string;
  tokens: Token[];
}

/**
 * Renders and tokenizes the prompt. `enableThinking` is passed to the template only when set
 * (constrained calls that must start at once pass `false`).
 */
export function buildPrompt(
  source: PromptSource,
  messages: readonly ChatMessage[],
  tools: readonly ToolDefinition[],
  enableThinking: boolean | undefined,
): RenderedPrompt {
  const text = renderText(source, messages, tools, enableThinking, true);
  return { text, tokens: tokenizePrompt(source.model, text) };
}

/**
 * The tokens of `messages` rendered without the generation prompt: the leading system messages
 * alone give the instructions that calls with other user messages share; the whole conversation
 * gives the history the next turn's prompt starts with. Undefined when the template cannot render
 * them so.
 */
export function historyTokens(
  source: PromptSource,
  messages: readonly ChatMessage[],
  tools: readonly ToolDefinition[],
  enableThinking: boolean | undefined,
): Token[] | undefined {
  try {
    return tokenizePrompt(source.model, renderText(source, messages, tools, enableThinking, false));
  } catch {
    return undefined;
  }
}

function renderText(
  source: PromptSource,
  messages: readonly ChatMessage[],
  tools: readonly ToolDefinition[],
  enableThinking: boolean | undefined,
  addGenerationPrompt: boolean,
): string {
  const { model } = source;
  return source.chatTemplate === undefined
    ? source.format.render(messages, tools, { addGenerationPrompt })
    : renderChatTemplate(source.chatTemplate, messages, tools, {
        addGenerationPrompt,
        bosToken: model.tokens.bosString ?? "",
        eosToken: model.tokens.eosString ?? "",
        ...(source.path === undefined ? {} : { source: source.path }),
        ...(enableThinking === undefined ? {} : { enableThinking }),
        ...(source.dateString === undefined ? {} : { dateString: source.dateString }),
      });
}

function tokenizePrompt(model: LlamaModel, text: string): Token[] {
  const tokens = model.tokenize(text, true);
  const bos = model.tokens.bos;
  if (model.tokens.shouldPrependBosToken && bos !== null && tokens[0] !== bos) tokens.unshift(bos);
  return tokens;
}
