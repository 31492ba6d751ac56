/**
 * Token counts for sizing the probes' prompts. For a GGUF model they come from the model's own
 * tokenizer (node-llama-cpp, vocabulary only: no weights are loaded); for other models they are
 * estimated as ceil(characters / 4), the same estimate the replay backend reports as usage.
 */
import { estimateTokens } from "../backend/replay-backend.js";
import { errorMessage } from "../error-message.js";
import type { ChatMessage, ToolDefinition } from "../messages.js";

/** Counts tokens in text. */
export interface TokenCounter {
  count(text: string): number;
  /**
   * Tokens of the whole prompt the model would see (its chat template rendered, special tokens
   * parsed, BOS included), where the model has a template; undefined when it cannot be rendered.
   */
  countPrompt?(messages: readonly ChatMessage[], tools: readonly ToolDefinition[]): number | undefined;
  /** True when counts come from the model's tokenizer. */
  exact: boolean;
  /** How counts are made, for the summary. */
  description: string;
  close(): Promise<void>;
}

/** The ceil(characters / 4) estimate. */
export function estimatingTokenCounter(): TokenCounter {
  return {
    count: estimateTokens,
    exact: false,
    description: "estimate: ceil(characters / 4)",
    close: async () => {},
  };
}

/**
 * The tokenizer of a GGUF file (its vocabulary only) and, when the file has a chat template, whole
 * prompts rendered as the llama-cpp backend renders them. Throws EdgecallError("model-load") when
 * it cannot load.
 */
export async function ggufTokenCounter(modelPath: string): Promise<TokenCounter> {
  const { EdgecallError } = await import("../errors.js");
  const { getLlama, LlamaLogLevel } = await import("node-llama-cpp");
  const { renderChatTemplate } = await import("../formats/chat-template.js");
  try {
    const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
    const model = await llama.loadModel({ modelPath, vocabOnly: true });
    const tokenizer = (model.fileInfo.metadata as { tokenizer?: { chat_template?: unknown } }).tokenizer;
    const template = typeof tokenizer?.chat_template === "string" ? tokenizer.chat_template : undefined;
    const countPrompt = (
      messages: readonly ChatMessage[],
      tools: readonly ToolDefinition[],
    ): number | undefined => {
      if (template === undefined) return undefined;
      try {
        const text = renderChatTemplate(template, messages, tools, {
          addGenerationPrompt: true,
          bosToken: model.tokens.bosString ?? "",
          eosToken: model.tokens.eosString ?? "",
          source: modelPath,
        });
        const tokens = model.tokenize(text, true);
        const bos = model.tokens.bos;
        const addBos = model.tokens.shouldPrependBosToken && bos !== null && tokens[0] !== bos;
        return tokens.length + (addBos ? 1 : 0);
      } catch {
        return undefined;
      }
    };
    return {
      count: (text) => model.tokenize(text, false).length,
      countPrompt,
      exact: true,
      description: `the model's tokenizer (${modelPath})`,
      close: async () => {
        await model.dispose();
        await llama.dispose();
      },
    };
  } catch (error) {
    const reason = errorMessage(error);
    throw new EdgecallError("model-load", `could not load the tokenizer of ${modelPath}: ${reason}`, {
      subject: modelPath,
      cause: error,
    });
  }
}
