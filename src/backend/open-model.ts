/**
 * Opens a model spec into an {@link OpenedModel} (opened-model.ts): the spec parsed once, for a
 * GGUF its facts read once by edgecall's reader and its identity (sha256, remembered by
 * path+size+mtime), the format object chosen once and handed to the backend, and the backend.
 * Each backend's module is imported only when used, so commands that never touch a GGUF file never
 * load node-llama-cpp.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { EdgecallError } from "../errors.js";
import type { TemplateVariables } from "../formats/chat-template.js";
import type { ToolCallFormat } from "../formats/tool-call-format.js";
import { cacheDirectory } from "./demo-model.js";
import { fileSha256 } from "./file-hash.js";
import type { ModelBackend } from "./model-backend.js";
import { fileIdentity, serverIdentity } from "./model-identity.js";
import {
  type ModelSpec,
  type ParsedModelSpec,
  parseModelSpec,
  readModelSpec,
  specServers,
} from "./model-spec.js";
import type { OpenedModel } from "./opened-model.js";

/** Options that apply to some backends; each backend ignores what it does not use. */
export interface OpenModelOptions {
  /** Tool-call format name; for GGUF files the default is detected from the chat template. */
  format?: string;
  gpu?: "auto" | "off";
  threads?: number;
  contextSize?: number;
  /** openai: the longest wait for the server to send anything, in ms (default 120000). */
  idleTimeoutMs?: number;
  /** openai: the longest time one call may take, in ms (default 600000). */
  requestTimeoutMs?: number;
  /** openai: the largest response body accepted, in bytes (default 64 MiB). */
  maxResponseBytes?: number;
  /** GGUF: context sequences, calls evaluated together (default 1; eval passes its concurrency). */
  sequences?: number;
  /** GGUF: keep what the context holds between calls (default true). */
  prefixReuse?: boolean;
  /** GGUF: prompt-lookup drafting (default false). */
  promptLookup?: boolean;
  /** GGUF: flash attention (default `off` on the CPU, `auto` on a GPU). */
  flashAttention?: "auto" | "on" | "off";
  /**
   * GGUF: most bytes of evaluated instruction prefixes kept on disk for later processes, in
   * `<cache dir>/prefix-states` (default 2 GiB; 0 turns it off). See prefix-state-store.ts.
   */
  prefixCacheBytes?: number;
  /** GGUF: parse special tokens in message contents too, as llama-server does (default false: plain text). */
  parseSpecialInMessages?: boolean;
  /** GGUF: plain completion of the text, no chat template (`run --raw`, base models). */
  rawCompletion?: boolean;
  /** openai: `generate` streams, so the first token is measured (default false; eval sets it). */
  stream?: boolean;
  /** Template variables (`enable_thinking`, `date_string`); unset ones are not passed. */
  templateVariables?: TemplateVariables;
  /** hf: stops a download (`aborted`); the bytes fetched are kept for the next run to resume. */
  signal?: AbortSignal;
  /** Where a model file's sha256 is remembered between processes (default: the cache folder). */
  hashCacheDirectory?: string;
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

/** What every open of a spec knows: the spec, parsed once. */
type OpenParts = Omit<OpenedModel, "spec">;

async function openGguf(path: string, options: OpenModelOptions): Promise<OpenParts> {
  assertModelFile(path);
  // Validate with our own reader first, the one header read of this open: a clear message for a
  // non-GGUF, damaged or hostile file (hyperparameters llama.cpp would abort the process on, a
  // runaway chat template), in milliseconds. node-llama-cpp reads the file itself to load it.
  const { readGgufFacts, formatOfFacts } = await import("./llama-cpp/gguf-facts.js");
  const facts = await readGgufFacts(path);
  const format = formatOfFacts(
    facts,
    options.format === undefined ? undefined : await formatByName(options.format),
  );
  const sha256 = await fileSha256(path, options.hashCacheDirectory ?? cacheDirectory());
  const identity = fileIdentity("gguf", sha256);
  const { createLlamaCppBackend } = await import("./llama-cpp/backend.js");
  const { defaultPrefixCacheBytes } = await import("./llama-cpp/prefix-state-store.js");
  const prefixCacheBytes = options.prefixCacheBytes ?? defaultPrefixCacheBytes;
  const backend = await createLlamaCppBackend({
    modelPath: path,
    facts,
    modelIdentity: identity,
    format,
    gpu: options.gpu ?? "auto",
    threads: options.threads,
    contextSize: options.contextSize,
    ...(options.sequences === undefined ? {} : { sequences: options.sequences }),
    ...(options.prefixReuse === undefined ? {} : { prefixReuse: options.prefixReuse }),
    ...(options.promptLookup === undefined ? {} : { promptLookup: options.promptLookup }),
    ...(options.flashAttention === undefined ? {} : { flashAttention: options.flashAttention }),
    ...(options.parseSpecialInMessages === true ? { parseSpecialInMessages: true } : {}),
    ...(options.rawCompletion === true ? { rawCompletion: true } : {}),
    ...(prefixCacheBytes > 0
      ? {
          prefixStateCache: {
            directory: join(cacheDirectory(), "prefix-states"),
            maxBytes: prefixCacheBytes,
          },
        }
      : {}),
    ...(options.templateVariables === undefined ? {} : { templateVariables: options.templateVariables }),
  });
  return { identity, file: { path, sha256 }, facts, format, formatName: format.name, backend };
}

/** An `openai:` or `llama-server:` spec: one server's backend, or a fleet of them. */
async function openServers(
  spec: Extract<ModelSpec, { kind: "openai" }>,
  options: OpenModelOptions,
): Promise<OpenParts> {
  const format = options.format === undefined ? undefined : await formatByName(options.format);
  const backend = await openServerBackend(spec, format, options);
  const formatName = format?.name ?? String(backend.info.format ?? "json");
  return { identity: serverIdentity(spec), format, formatName, backend };
}

/** The backend of one server, or the fleet of them. */
async function openServerBackend(
  spec: Extract<ModelSpec, { kind: "openai" }>,
  format: ToolCallFormat | undefined,
  options: OpenModelOptions,
): Promise<ModelBackend> {
  const common = {
    timeoutMs: options.idleTimeoutMs,
    maxResponseBytes: options.maxResponseBytes,
    templateVariables: options.templateVariables,
    ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }),
  };
  let openOne: (url: string) => ModelBackend | Promise<ModelBackend>;
  if (spec.api === "raw") {
    const { createLlamaServerBackend } = await import("./llama-server/backend.js");
    openOne = (url) => createLlamaServerBackend({ baseUrl: url, format, ...common });
  } else {
    const { createOpenAICompatibleBackend } = await import("./openai/backend.js");
    openOne = (url) =>
      createOpenAICompatibleBackend({
        baseUrl: url,
        model: spec.model,
        format,
        ...common,
        ...(options.stream === undefined ? {} : { stream: options.stream }),
      });
  }
  const servers = specServers(spec);
  if (servers.length === 1) return openOne(spec.baseUrl);
  const { createFleetBackend } = await import("./fleet/fleet-backend.js");
  const members = await Promise.all(servers.map(async (url) => ({ url, backend: await openOne(url) })));
  return createFleetBackend(members);
}

/**
 * The GGUF file on this machine a spec names: a `.gguf` path as given, the demo model (synthesised
 * on first use), an `hf:` model (downloaded into the cache on first use, with progress on stderr:
 * hub/resolve-hub-model.ts); undefined for specs that name no file (`openai:`, `replay:`).
 */
export async function localModelFile(
  spec: string | ModelSpec,
  options: { signal?: AbortSignal } = {},
): Promise<string | undefined> {
  const parsed = typeof spec === "string" ? parseModelSpec(spec) : spec;
  switch (parsed.kind) {
    case "gguf":
      return parsed.path;
    case "demo": {
      const { ensureDemoModel } = await import("./demo-model.js");
      return ensureDemoModel();
    }
    case "hf": {
      const { resolveHubModel } = await import("./hub/resolve-hub-model.js");
      return resolveHubModel(parsed, options.signal === undefined ? {} : { signal: options.signal });
    }
    default:
      return undefined;
  }
}

/**
 * Opens the model a spec names (a text, or a spec parsed earlier) into an {@link OpenedModel}.
 * Throws EdgecallError for bad specs, missing files and load failures.
 */
export async function openModelValue(
  spec: string | ParsedModelSpec,
  options: OpenModelOptions = {},
): Promise<OpenedModel> {
  const parsed = typeof spec === "string" ? readModelSpec(spec) : spec;
  return { spec: parsed, ...(await openParts(parsed.spec, options)) };
}

async function openParts(spec: ModelSpec, options: OpenModelOptions): Promise<OpenParts> {
  switch (spec.kind) {
    case "gguf":
      return openGguf(spec.path, options);
    case "demo":
    case "hf":
      return openGguf((await localModelFile(spec, options)) ?? "", options);
    case "openai":
      return openServers(spec, options);
    case "replay": {
      const { createReplayBackend } = await import("./replay-backend.js");
      const format = await formatByName(options.format ?? "json");
      const backend = await createReplayBackend({ path: spec.path, format, delayMs: spec.delayMs });
      // A replay script's hash is not kept on disk: scripts are small and edited in place.
      const sha256 = await fileSha256(spec.path);
      const file = { path: spec.path, sha256 };
      return { identity: fileIdentity("replay", sha256), file, format, formatName: format.name, backend };
    }
  }
}

/**
 * Opens the backend a spec names: {@link openModelValue}'s backend, for callers that need nothing
 * else. Throws EdgecallError for bad specs, missing files and load failures.
 */
export async function openModel(
  spec: string | ParsedModelSpec,
  options: OpenModelOptions = {},
): Promise<ModelBackend> {
  return (await openModelValue(spec, options)).backend;
}
