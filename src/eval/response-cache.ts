/**
 * The response cache: model outputs kept in SQLite (default `<cache dir>/responses.sqlite`), so a
 * rerun of the same sample with the same model and settings costs nothing. The key is the sha256 of
 * the canonical JSON of every field that can change the output: the model's identity (GGUF sha256,
 * openai URL and model, or replay file sha256), format, decoding mode, sampling settings, seed,
 * max tokens, tool choice, a hash of the tools, the messages, the template variables when set, the
 * in-process runtime settings that change the numbers a model computes (device, flash attention,
 * threads: {@link runtimeKeyOf}), and the edgecall and backend versions
 * (so a parser fix or a runtime upgrade never serves stale parses).
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { BackendInfo, GenerateRequest, GenerateResult } from "../backend/model-backend.js";
import { canonicalJson } from "../canonical-json.js";
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";
import type { TemplateVariables } from "../formats/chat-template.js";
import type { ChatMessage, ToolDefinition } from "../messages.js";
import { sha256Hex } from "../sha256.js";

/** Everything a cached response is keyed by. */
export interface CacheKeyFields {
  /** `gguf:sha256:<hex>`, `openai:<url>#<model>`, `replay:sha256:<hex>`. */
  model: string;
  format: string;
  decoding: "free" | "constrained";
  sampling: { temperature?: number; topP?: number; topK?: number };
  seed: number | undefined;
  maxTokens: number | undefined;
  toolChoice: string;
  toolsHash: string;
  messages: ChatMessage[];
  edgecallVersion: string;
  backendVersion: string;
  /** The template variables prompts are rendered with (absent when none is set, as in older keys). */
  templateVariables?: TemplateVariables;
  /** In-process runtime settings that change the computed logits ({@link runtimeKeyOf}); absent for HTTP and replay. */
  runtime?: RuntimeKey;
}

/**
 * The settings of an in-process run that change the numbers the model computes, so a greedy
 * output may differ between two values: the device (a GPU's kernels are not the CPU's), flash
 * attention (another order of summation, and V stored transposed or not) and the CPU threads
 * (ggml may split a reduction across threads); and whether special tokens in message contents are
 * parsed (`special`) or plain text (`plain`), which changes the prompt's tokens. Prefix reuse,
 * prompt lookup and the number of sequences are left out: they are tested to leave greedy output
 * unchanged.
 */
export interface RuntimeKey {
  device?: string;
  flashAttention?: string;
  threads?: number;
  contents?: "plain" | "special";
  /**
   * How prompts are rendered when not by the file's own template as it is: its fallback when it has
   * none (`gemma-turns`, ...), `format-for-tools` when it shows no tools, `raw` for plain completion.
   */
  prompt?: string;
}

/** {@link RuntimeKey.prompt} of a backend; undefined when the file's own template renders every prompt. */
function promptRendering(info: BackendInfo): string | undefined {
  if (info.rawCompletion === true) return "raw";
  const parts = [
    ...(info.chatTemplateFallback === undefined ? [] : [info.chatTemplateFallback]),
    ...(info.templateIgnoresTools === true ? ["format-for-tools"] : []),
  ];
  return parts.length === 0 ? undefined : parts.join("+");
}

/** The {@link RuntimeKey} of a backend, or undefined when it reports none (HTTP and replay backends). */
export function runtimeKeyOf(info: BackendInfo): RuntimeKey | undefined {
  const key: RuntimeKey = {
    ...(info.device === undefined ? {} : { device: info.device }),
    ...(info.flashAttention === undefined ? {} : { flashAttention: info.flashAttention }),
    ...(info.threads === undefined ? {} : { threads: info.threads }),
    ...(info.parseSpecialInMessages === undefined
      ? {}
      : { contents: info.parseSpecialInMessages ? ("special" as const) : ("plain" as const) }),
    ...(promptRendering(info) === undefined ? {} : { prompt: promptRendering(info) }),
  };
  return Object.keys(key).length === 0 ? undefined : key;
}

/** sha256 of the canonical JSON of a tool list. */
export function toolsHash(tools: readonly ToolDefinition[] | undefined): string {
  return sha256Hex(canonicalJson(tools ?? []));
}

/** The cache key fields of a request sent to a model with this identity. */
export function cacheKeyFields(
  request: GenerateRequest,
  model: {
    identity: string;
    format: string;
    edgecallVersion: string;
    backendVersion: string;
    templateVariables?: TemplateVariables;
    runtime?: RuntimeKey;
  },
): CacheKeyFields {
  const sampling = request.sampling ?? {};
  return {
    model: model.identity,
    format: model.format,
    decoding: request.decoding ?? "free",
    sampling: { temperature: sampling.temperature, topP: sampling.topP, topK: sampling.topK },
    seed: sampling.seed,
    maxTokens: request.maxTokens,
    toolChoice: request.toolChoice ?? "auto",
    toolsHash: toolsHash(request.tools),
    messages: request.messages,
    edgecallVersion: model.edgecallVersion,
    backendVersion: model.backendVersion,
    ...(model.templateVariables === undefined ? {} : { templateVariables: model.templateVariables }),
    ...(model.runtime === undefined ? {} : { runtime: model.runtime }),
  };
}

/** The hex key of the fields. */
export function cacheKey(fields: CacheKeyFields): string {
  return sha256Hex(canonicalJson(fields));
}

/** A SQLite-backed response cache. */
export class ResponseCache {
  private readonly database: Database.Database;
  private readonly getStatement: Database.Statement;
  private readonly putStatement: Database.Statement;
  hits = 0;
  misses = 0;

  private constructor(readonly path: string) {
    try {
      mkdirSync(dirname(path), { recursive: true });
      this.database = new Database(path);
      this.database.pragma("journal_mode = WAL");
      this.database.pragma("synchronous = NORMAL");
      this.database.pragma("busy_timeout = 5000");
      this.database.exec(
        "CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, result TEXT NOT NULL, created_at TEXT NOT NULL)",
      );
    } catch (error) {
      const reason = errorMessage(error);
      throw new EdgecallError("invalid-argument", `cannot open the response cache ${path}: ${reason}`, {
        subject: path,
        cause: error,
      });
    }
    this.getStatement = this.database.prepare("SELECT result FROM responses WHERE key = ?");
    this.putStatement = this.database.prepare(
      "INSERT OR REPLACE INTO responses (key, result, created_at) VALUES (?, ?, ?)",
    );
  }

  /** Opens (creating if needed) the cache file and its folder. */
  static open(path: string): ResponseCache {
    return new ResponseCache(path);
  }

  /** The cached result for these fields, counting a hit or a miss. */
  get(fields: CacheKeyFields): GenerateResult | undefined {
    const row = this.getStatement.get(cacheKey(fields)) as { result: string } | undefined;
    if (row === undefined) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return JSON.parse(row.result) as GenerateResult;
  }

  /** Stores a result. Results that ended in an error are not worth keeping and are skipped. */
  put(fields: CacheKeyFields, result: GenerateResult): void {
    if (result.finishReason === "error") return;
    this.putStatement.run(cacheKey(fields), JSON.stringify(result), new Date().toISOString());
  }

  /** Closes the database. Idempotent. */
  close(): void {
    if (this.database.open) this.database.close();
  }
}
