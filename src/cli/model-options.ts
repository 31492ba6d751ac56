/**
 * The options every command that opens a model shares (`--model`, `--format`, `--gpu`, ...),
 * declared once so that `run`, `chat`, `eval` and `bench` spell them the same way.
 */
import { type Command, Option } from "commander";
import { type GpuMode, gpuModes } from "../backend/gpu-mode.js";
import { type FlashAttentionSetting, flashAttentionSettings } from "../backend/llama-cpp/flash-attention.js";
import { type ModelBackend, noCapabilities } from "../backend/model-backend.js";
import type { OpenModelOptions } from "../backend/open-model.js";
import { choiceOption, integerOption, numberOption } from "./option-parsers.js";

/** Values of the shared model options after parsing. */
export interface ModelOptionValues {
  model: string;
  format?: string;
  gpu: GpuMode;
  threads?: number;
  contextSize?: number;
  /** `--idle-timeout`, seconds. */
  idleTimeout?: number;
  /** `--request-timeout`, seconds. */
  requestTimeout?: number;
  /** `--max-response-mib`. */
  maxResponseMib?: number;
  /** commander's `--no-prefix-reuse` sets this false. */
  prefixReuse?: boolean;
  /** `--prompt-lookup`. */
  promptLookup?: boolean;
  /** `--flash-attention`. */
  flashAttention?: FlashAttentionSetting;
  /** `--prefix-cache-mib`. */
  prefixCacheMib?: number;
  /** `--parse-special-in-messages`. */
  parseSpecialInMessages?: boolean;
  thinking?: "on" | "off";
  dateString?: string;
}

/** `--thinking` and `--date-string` as parsed. */
export interface TemplateOptionValues {
  thinking?: "on" | "off";
  dateString?: string;
}

/**
 * Adds the template variables' options: `--thinking on|off` (the template's `enable_thinking`) and
 * `--date-string TEXT` (its `date_string`). Unset, nothing is passed: the template's own default
 * in-process and with `llama-server:`, the server's with `openai:` (llama-server: thinking on,
 * today's date).
 */
export function addTemplateOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        "--thinking <mode>",
        "the chat template's enable_thinking: on | off (default: not passed, the template's or server's default)",
      ).argParser(choiceOption(["on", "off"] as const)),
    )
    .option(
      "--date-string <text>",
      "the chat template's date_string, e.g. '26 Jul 2024' (default: not passed)",
    );
}

/** `--thinking` and `--date-string` as {@link OpenModelOptions} fields (unset when not given). */
export function templateOptions(values: TemplateOptionValues): Pick<OpenModelOptions, "templateVariables"> {
  const variables: NonNullable<OpenModelOptions["templateVariables"]> = {};
  if (values.thinking !== undefined) variables.enableThinking = values.thinking === "on";
  if (values.dateString !== undefined) variables.dateString = values.dateString;
  return Object.keys(variables).length === 0 ? {} : { templateVariables: variables };
}

/** The most `--max-response-mib`: V8 cannot hold a longer body as one string (about 512 Mi characters). */
const largestResponseMib = 512;

/**
 * Adds the options of models served over HTTP (`openai:` specs): `--idle-timeout SECONDS`,
 * `--request-timeout SECONDS` and `--max-response-mib N`. Other backends ignore them.
 */
export function addHttpModelOptions(command: Command): Command {
  return command
    .option(
      "--idle-timeout <seconds>",
      "openai: models: longest wait for the server to send anything, the reply's start or its next piece; keep-alive comments do not count (default 120)",
      numberOption(0.001, 1_000_000),
    )
    .option(
      "--request-timeout <seconds>",
      "openai: models: longest time one model call may take, retries included (default 600)",
      numberOption(0.001, 1_000_000),
    )
    .option(
      "--max-response-mib <n>",
      `openai: models: largest response body accepted, in MiB (default 64, at most ${largestResponseMib})`,
      integerOption(1, largestResponseMib),
    );
}

/**
 * `--idle-timeout`, `--request-timeout` and `--max-response-mib` as {@link OpenModelOptions} fields
 * (unset when not given).
 */
export function httpModelLimits(values: {
  idleTimeout?: number;
  requestTimeout?: number;
  maxResponseMib?: number;
}): Pick<OpenModelOptions, "idleTimeoutMs" | "requestTimeoutMs" | "maxResponseBytes"> {
  return {
    ...(values.idleTimeout === undefined ? {} : { idleTimeoutMs: Math.round(values.idleTimeout * 1000) }),
    ...(values.requestTimeout === undefined
      ? {}
      : { requestTimeoutMs: Math.round(values.requestTimeout * 1000) }),
    ...(values.maxResponseMib === undefined ? {} : { maxResponseBytes: values.maxResponseMib * 1024 * 1024 }),
  };
}

/**
 * Adds the options of GGUF models run in-process: `--no-prefix-reuse` (clear the context at
 * every call, today's naive behaviour, for comparison), `--prompt-lookup`, `--flash-attention`,
 * `--prefix-cache-mib` and `--parse-special-in-messages` (special tokens spelled in message
 * contents become control tokens, as llama-server tokenises them; by default they are plain text,
 * so a tool result cannot forge a turn: docs/security.md). Other backends ignore them.
 */
export function addInProcessModelOptions(command: Command): Command {
  return command
    .option(
      "--no-prefix-reuse",
      "GGUF: evaluate every prompt in full instead of keeping what the context already holds",
    )
    .option(
      "--prompt-lookup",
      "GGUF: draft tokens from the prompt (speculative, verified by the model: output unchanged)",
    )
    .addOption(
      new Option(
        "--flash-attention <mode>",
        "GGUF: llama.cpp flash attention (default: off on the CPU, where it slows decoding with a long context; auto on a GPU)",
      ).choices(flashAttentionSettings),
    )
    .option(
      "--prefix-cache-mib <n>",
      "GGUF: MiB of evaluated system prompts and tool lists kept on disk for later runs (default 2048; 0: off)",
      integerOption(0),
    )
    .option(
      "--parse-special-in-messages",
      "GGUF: tokenise special-token text in messages and tool texts as control tokens, as llama-server does (default: plain text, so a tool result cannot forge a turn)",
    );
}

/** The in-process options as {@link OpenModelOptions} fields (unset when not given). */
export function inProcessModelOptions(values: {
  prefixReuse?: boolean;
  promptLookup?: boolean;
  flashAttention?: FlashAttentionSetting;
  prefixCacheMib?: number;
  parseSpecialInMessages?: boolean;
}): Pick<
  OpenModelOptions,
  "prefixReuse" | "promptLookup" | "flashAttention" | "prefixCacheBytes" | "parseSpecialInMessages"
> {
  return {
    ...(values.parseSpecialInMessages === true ? { parseSpecialInMessages: true } : {}),
    ...(values.prefixReuse === false ? { prefixReuse: false } : {}),
    ...(values.promptLookup === true ? { promptLookup: true } : {}),
    ...(values.flashAttention === undefined ? {} : { flashAttention: values.flashAttention }),
    ...(values.prefixCacheMib === undefined ? {} : { prefixCacheBytes: values.prefixCacheMib * 1024 * 1024 }),
  };
}

/** `--gpu auto|off` (default `auto`): the one declaration every command that loads a GGUF model adds. */
export function gpuOption(): Option {
  return new Option("--gpu <mode>", "auto: use the GPU node-llama-cpp detects; off: CPU only")
    .default("auto")
    .argParser(choiceOption(gpuModes));
}

/**
 * Adds `--model` (required), `--format`, `--gpu`, `--threads`, `--context-size`, the HTTP
 * model options ({@link addHttpModelOptions}), the in-process ones
 * ({@link addInProcessModelOptions}) and the template variables ({@link addTemplateOptions}) to `command`.
 */
export function addModelOptions(command: Command): Command {
  return addTemplateOptions(addInProcessModelOptions(addHttpModelOptions(command)))
    .requiredOption(
      "--model <spec>",
      "model: FILE.gguf | hf:OWNER/REPO[:QUANT|/FILE.gguf] (downloaded once into the cache; HF_ENDPOINT, HF_TOKEN) | openai:URL[,URL...]#MODEL | llama-server:URL[,URL...] | replay:FILE.jsonl[?delayMs=N] | demo (random weights)",
    )
    .option("--format <name>", "tool-call format (default: detected from the GGUF chat template)")
    .addOption(gpuOption())
    .option(
      "--threads <n>",
      "CPU threads for llama.cpp (default: the idle cores; 1 for models under 64 MiB)",
      integerOption(1),
    )
    .option("--context-size <n>", "context size in tokens (default: min(model's, 4096))", integerOption(16));
}

/**
 * The warning `run` and `serve` print for `--constrained` on a backend that cannot constrain
 * decoding (only GGUF models run in-process can); undefined for one that can.
 */
export function constrainedWarning(backend: Pick<ModelBackend, "info" | "capabilities">): string | undefined {
  if ((backend.capabilities ?? noCapabilities).constrainedDecoding) return undefined;
  return `edgecall: warning: --constrained has no effect on ${backend.info.backend} models (it constrains GGUF models run in-process)\n`;
}
