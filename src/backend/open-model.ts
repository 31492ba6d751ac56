/**
 * Opens a ModelBackend from a model spec. Each backend's module is imported only when used, so
 * commands that never touch a GGUF file never load node-llama-cpp.
 */
import { statSync } from "node:fs";
import { EdgecallError } from "../errors.js";
import type { ToolCallFormat } from "../formats/tool-call-format.js";
import type { ModelBackend } from "./model-backend.js";
import { type ModelSpec, parseModelSpec } from "./model-spec.js";

/** Options that apply to some backends; each backend ignores what it does not use. */
export interface OpenModelOptions {
  /** Tool-call format name; for GGUF files the default is detected from the chat template. */
  format?: string;
  gpu?: "auto" | "off";
  threads?: number;
  contextSize?: number;
  /** openai: the longest wait for the server to send anything, in ms (default 120000). */
  idleTimeoutMs?: number;
  /** openai: the largest response body accepted, in bytes (default 64 MiB). */
  maxResponseBytes?: number;
  /** GGUF: context sequences, calls evaluated together (default 1; eval passes its concurrency). */
  sequences?: number;
  /** GGUF: keep what the context holds between calls (default true). */
  prefixReuse?: boolean;
  /** GGUF: prompt-lookup drafting (default false). */
  promptLookup?: boolean;
}

async function formatByName(name: string): Promise<ToolCallFormat> {
  const { getFormat } = await import("../formats/registry.js");
  return getFormat(name);
}

/** Throws `file-not-found` or `invalid-argument` naming `path` unless it is an existing file. */
export function assertModelFile(path: string): void {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch {
    throw new EdgecallError("file-not-found", `model file not found: ${path}`, { subject: path });
  }
  if (!stats.isFile()) {
    throw new EdgecallError("invalid-argument", `model path is not a file: ${path}`, { subject: path });
  }
}

async function openGguf(path: string, options: OpenModelOptions): Promise<ModelBackend> {
  assertModelFile(path);
  // Validate with our own reader first: a clear message for a non-GGUF, damaged or hostile file
  // (hyperparameters llama.cpp would abort the process on), in milliseconds.
  const { readCheckedModel } = await import("../gguf/model-hyperparameters.js");
  await readCheckedModel(path);
  const format = options.format === undefined ? undefined : await formatByName(options.format);
  const { createLlamaCppBackend } = await import("./llama-cpp/backend.js");
  return createLlamaCppBackend({
    modelPath: path,
    gpu: options.gpu ?? "auto",
    threads: options.threads,
    contextSize: options.contextSize,
    ...(format === undefined ? {} : { format }),
    ...(options.sequences === undefined ? {} : { sequences: options.sequences }),
    ...(options.prefixReuse === undefined ? {} : { prefixReuse: options.prefixReuse }),
    ...(options.promptLookup === undefined ? {} : { promptLookup: options.promptLookup }),
  });
}

/** Opens the backend a spec names. Throws EdgecallError for bad specs, missing files and load failures. */
export async function openModel(
  spec: string | ModelSpec,
  options: OpenModelOptions = {},
): Promise<ModelBackend> {
  const parsed = typeof spec === "string" ? parseModelSpec(spec) : spec;
  switch (parsed.kind) {
    case "gguf":
      return openGguf(parsed.path, options);
    case "demo": {
      const { ensureDemoModel } = await import("./demo-model.js");
      return openGguf(await ensureDemoModel(), options);
    }
    case "openai": {
      const { createOpenAICompatibleBackend } = await import("./openai/backend.js");
      const format = options.format === undefined ? undefined : await formatByName(options.format);
      return createOpenAICompatibleBackend({
        baseUrl: parsed.baseUrl,
        model: parsed.model,
        format,
        timeoutMs: options.idleTimeoutMs,
        maxResponseBytes: options.maxResponseBytes,
      });
    }
    case "replay": {
      const { createReplayBackend } = await import("./replay-backend.js");
      const format = await formatByName(options.format ?? "json");
      return createReplayBackend({ path: parsed.path, format, delayMs: parsed.delayMs });
    }
  }
}
