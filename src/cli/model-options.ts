/**
 * The options every command that opens a model shares (`--model`, `--format`, `--gpu`, ...),
 * declared once so that `run`, `chat`, `eval` and `bench` spell them the same way.
 */
import { type Command, Option } from "commander";
import { choiceOption, integerOption } from "./option-parsers.js";

/** Values of the shared model options after parsing. */
export interface ModelOptionValues {
  model: string;
  format?: string;
  gpu: "auto" | "off";
  threads?: number;
  contextSize?: number;
}

/** Adds `--model` (required), `--format`, `--gpu`, `--threads` and `--context-size` to `command`. */
export function addModelOptions(command: Command): Command {
  return command
    .requiredOption(
      "--model <spec>",
      "model: FILE.gguf | openai:URL#MODEL | replay:FILE.jsonl[?delayMs=N] | demo (random weights)",
    )
    .option("--format <name>", "tool-call format (default: detected from the GGUF chat template)")
    .addOption(
      new Option("--gpu <mode>", "auto: use the GPU node-llama-cpp detects; off: CPU only")
        .default("auto")
        .argParser(choiceOption(["auto", "off"] as const)),
    )
    .option("--threads <n>", "CPU threads for llama.cpp (default: all cores)", integerOption(1))
    .option("--context-size <n>", "context size in tokens (default: min(model's, 4096))", integerOption(16));
}

/**
 * The warning `run` and `serve` print for `--constrained` on a backend that cannot constrain
 * decoding (only GGUF models run in-process can); undefined for one that can.
 */
export function constrainedWarning(backend: string): string | undefined {
  if (backend === "llama-cpp") return undefined;
  return `edgecall: warning: --constrained has no effect on ${backend} models (it constrains GGUF models run in-process)\n`;
}
