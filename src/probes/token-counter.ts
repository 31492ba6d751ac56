/**
 * Token counts for sizing the probes' prompts. For a GGUF model they come from the model's own
 * tokenizer (node-llama-cpp, vocabulary only: no weights are loaded); for other models they are
 * estimated as ceil(characters / 4), the same estimate the replay backend reports as usage.
 */
import { estimateTokens } from "../backend/replay-backend.js";

/** Counts tokens in text. */
export interface TokenCounter {
  count(text: string): number;
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

/** The tokenizer of a GGUF file (its vocabulary only); throws EdgecallError("model-load") when it cannot load. */
export async function ggufTokenCounter(modelPath: string): Promise<TokenCounter> {
  const { EdgecallError } = await import("../errors.js");
  const { getLlama, LlamaLogLevel } = await import("node-llama-cpp");
  try {
    const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
    const model = await llama.loadModel({ modelPath, vocabOnly: true });
    return {
      count: (text) => model.tokenize(text, false).length,
      exact: true,
      description: `the model's tokenizer (${modelPath})`,
      close: async () => {
        await model.dispose();
        await llama.dispose();
      },
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EdgecallError("model-load", `could not load the tokenizer of ${modelPath}: ${reason}`, {
      subject: modelPath,
      cause: error,
    });
  }
}
