/**
 * The llama-cpp backend's prompt: the GGUF's own Jinja chat template rendered with our messages
 * and tools (the format's own renderer when the file has no template), tokenized with exactly one
 * BOS where the model wants one. Special tokens are parsed only in what the template wrote itself:
 * message contents, call arguments and tool descriptions are tokenised as plain text
 * (content-placeholders.ts, content-spans.ts, plain-content-tokens.ts), so a tool result cannot
 * close a turn and open a forged one. `parseSpecialInMessages` parses them over the whole text
 * instead, as llama-server, vLLM and Hugging Face's `apply_chat_template` do.
 */
import type { LlamaModel, Token } from "node-llama-cpp";
import { renderChatTemplate } from "../../formats/chat-template.js";
import type { ToolCallFormat } from "../../formats/tool-call-format.js";
import type { ChatMessage, ToolDefinition } from "../../messages.js";
import { withPlaceholders } from "./content-placeholders.js";
import { contentSpans } from "./content-spans.js";
import { tokenizeWithPlainSpans } from "./plain-content-tokens.js";

/** What the prompt is rendered from. */
export interface PromptSource {
  model: LlamaModel;
  chatTemplate: string | undefined;
  format: ToolCallFormat;
  /** The model file, named in template errors. */
  path?: string;
  /** Passed to the template as `date_string` when set. */
  dateString?: string;
  /**
   * Parse special tokens in message contents too (byte for byte what llama-server tokenises;
   * default false: contents are plain text).
   */
  parseSpecialInMessages?: boolean;
  /** Plain completion: the messages' contents joined, no template (`run --raw`, base models). */
  raw?: boolean;
  /** The template does not show tools: requests with tools use the format's renderer (template-tools.ts). */
  templateIgnoresTools?: boolean;
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
  return renderAndTokenize(source, messages, tools, enableThinking, true);
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
    return renderAndTokenize(source, messages, tools, enableThinking, false).tokens;
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
  // A template that does not show tools would drop them: the format renders those requests.
  const formatRenders = source.templateIgnoresTools === true && tools.length > 0;
  return source.chatTemplate === undefined || formatRenders
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

function renderAndTokenize(
  source: PromptSource,
  messages: readonly ChatMessage[],
  tools: readonly ToolDefinition[],
  enableThinking: boolean | undefined,
  addGenerationPrompt: boolean,
): RenderedPrompt {
  if (source.raw === true) {
    const text = messages.map((message) => message.content).join("\n\n");
    return { text, tokens: withBos(source.model, source.model.tokenize(text, true)) };
  }
  const real = renderText(source, messages, tools, enableThinking, addGenerationPrompt);
  if (source.parseSpecialInMessages === true)
    return { text: real, tokens: withBos(source.model, source.model.tokenize(real, true)) };
  const plan = withPlaceholders(messages, tools);
  const held = renderText(source, plan.messages, plan.tools, enableThinking, addGenerationPrompt);
  const { text, spans } = contentSpans(real, held, plan);
  return { text, tokens: withBos(source.model, tokenizeWithPlainSpans(source.model, text, spans)) };
}

function withBos(model: LlamaModel, tokens: Token[]): Token[] {
  const bos = model.tokens.bos;
  if (model.tokens.shouldPrependBosToken && bos !== null && tokens[0] !== bos) tokens.unshift(bos);
  return tokens;
}
