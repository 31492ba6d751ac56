/**
 * llama.cpp's own timing counters, read from the lines `llama_perf_context_print` logs (node-llama-cpp
 * prints and resets them on `context.printTimings()` when the context has `performanceTracking`):
 *
 *   llama_perf_context_print: prompt eval time =     412.10 ms /   512 tokens (...)
 *   llama_perf_context_print:        eval time =    4439.64 ms /   128 runs   (...)
 *
 * "prompt eval" covers multi-token decodes, "eval" single-token ones; each is the time from the
 * start of `llama_decode` to the end of its synchronisation, so the wall-clock time of a run minus
 * these is what happens outside llama.cpp's decoding: sampling and node-llama-cpp's JavaScript path.
 */

/** The decode time llama.cpp counted since its last reset. */
export interface LlamaPerfTimings {
  promptEvalMs: number;
  promptTokens: number;
  evalMs: number;
  evalRuns: number;
}

const linePattern =
  /^\s*(?:llama_perf_context_print:)?\s*(prompt eval|eval) time\s*=\s*([\d.]+) ms \/\s*(\d+) (tokens|runs)/;

/**
 * Collects perf lines from a node-llama-cpp logger: `accept` takes every log text and returns
 * true when it was a perf line; `take` returns what was seen since the last take (or null when
 * either line is missing) and starts afresh. Lines llama.cpp prints with a count of 1 and 0.00 ms
 * after a reset parse as such.
 */
export class LlamaPerfCollector {
  private promptEval: { ms: number; count: number } | null = null;
  private evaluation: { ms: number; count: number } | null = null;

  /** Feeds one log text (possibly several lines); true when it held a perf line. */
  accept(text: string): boolean {
    let matched = false;
    for (const line of text.split("\n")) {
      const match = linePattern.exec(line);
      if (!match) continue;
      const value = { ms: Number(match[2]), count: Number(match[3]) };
      if (match[1] === "prompt eval") this.promptEval = value;
      else this.evaluation = value;
      matched = true;
    }
    return matched;
  }

  /** The timings seen since the last call, or null when the prompt-eval or eval line did not arrive. */
  take(): LlamaPerfTimings | null {
    const { promptEval, evaluation } = this;
    this.promptEval = null;
    this.evaluation = null;
    if (promptEval === null || evaluation === null) return null;
    return {
      promptEvalMs: promptEval.ms,
      promptTokens: promptEval.count,
      evalMs: evaluation.ms,
      evalRuns: evaluation.count,
    };
  }
}
