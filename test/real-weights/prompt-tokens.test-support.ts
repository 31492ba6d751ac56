/**
 * The prompt token ids edgecall's llama-cpp backend evaluates for a conversation: the same
 * rendering and tokenisation (src/backend/llama-cpp/prompt.ts) on a vocabulary-only load of the
 * file (a file without a chat template gets its family's fallback, fallback-template.ts), so
 * they can be sent to llama-server as they are. Callers check the text against the
 * backend's own `renderedPrompt`, which catches any drift between this and the backend.
 */
import type { Llama, LlamaModel } from "node-llama-cpp";
import { buildPrompt, type RenderedPrompt } from "../../src/backend/llama-cpp/prompt.js";
import { templateFallback } from "../../src/formats/fallback-template.js";
import { getFormat } from "../../src/formats/registry.js";
import type { ChatMessage } from "../../src/messages.js";

/** Renders and tokenises conversations as the backend does for one model file. */
export interface PromptTokenizer {
  render(messages: readonly ChatMessage[]): RenderedPrompt;
  dispose(): Promise<void>;
}

/** Loads only the vocabulary of `modelPath`; `formatName` is the backend's (`backend.info.format`). */
export async function promptTokenizer(
  llama: Llama,
  modelPath: string,
  formatName: string,
): Promise<PromptTokenizer> {
  const model: LlamaModel = await llama.loadModel({ modelPath, vocabOnly: true });
  const metadata = model.fileInfo.metadata as {
    general?: { architecture?: unknown };
    tokenizer?: { chat_template?: unknown };
  };
  const template = metadata.tokenizer?.chat_template;
  // A file without a template is rendered with its family's fallback, as load.ts does.
  const chatTemplate =
    typeof template === "string" && template !== ""
      ? template
      : templateFallback(String(metadata.general?.architecture ?? "unknown"), formatName).template;
  const source = {
    model,
    chatTemplate,
    format: getFormat(formatName),
    path: modelPath,
  };
  return {
    render: (messages) => buildPrompt(source, messages, [], undefined),
    dispose: () => model.dispose(),
  };
}
