/** What an eval session is given: {@link EvalSessionOptions}, and what it returns. */
import type { GpuMode } from "../backend/gpu-mode.js";
import type { FlashAttentionSetting } from "../backend/llama-cpp/flash-attention.js";
import type { BackendReport, ModelBackend } from "../backend/model-backend.js";
import type { ToolDefinition } from "../messages.js";
import type { ToolRegistry } from "../tools/tool-registry.js";
import type { GivenSettings } from "./eval-settings.js";
import type { ProgressStream } from "./progress.js";
import type { ReportedRun } from "./reporter.js";
import type { Suite } from "./suite.js";
import type { SuiteCatalog } from "./suite-catalog.js";

/** Options of `runEvalSession` (src/eval/eval-session.ts). */
export interface EvalSessionOptions extends Omit<GivenSettings, "suites"> {
  /** Model spec; on resume, defaults to the original run's. */
  model?: string;
  /** Comma-separated suites and groups; on resume, defaults to the original run's. */
  suites?: string;
  /** Parent of new run directories (default ./edgecall-runs). */
  out?: string;
  /** An existing run directory to continue. */
  resume?: string;
  /** Delete stored results that ended in a harness error before resuming, so they run again. */
  retryErrors?: boolean;
  concurrency?: number;
  /** Response cache on or off (default: on, except for replay models). */
  cache?: boolean;
  cacheDir?: string;
  gpu?: GpuMode;
  threads?: number;
  contextSize?: number;
  /** openai: models: the longest wait for the server to send anything, in ms. */
  idleTimeoutMs?: number;
  /** openai: models: the longest time one model call may take, in ms. */
  requestTimeoutMs?: number;
  /** openai: models: the largest response body accepted, in bytes. */
  maxResponseBytes?: number;
  /** GGUF: keep what each context sequence holds between calls (default true). */
  prefixReuse?: boolean;
  /** GGUF: prompt-lookup drafting (default false). */
  promptLookup?: boolean;
  /** GGUF: flash attention (default `off` on the CPU, `auto` on a GPU). */
  flashAttention?: FlashAttentionSetting;
  /** GGUF: most bytes of instruction prefix states kept on disk (default 2 GiB; 0: off). */
  prefixCacheBytes?: number;
  /** GGUF: parse special tokens in message contents too (default false: plain text). */
  parseSpecialInMessages?: boolean;
  signal?: AbortSignal;
  /** Where progress goes; false for none. Default stderr. */
  progress?: ProgressStream | false;
  /** The command line, recorded in run.json. */
  command?: string[];
  /** An already-open backend (library use and tests); `model` is then only recorded. */
  backend?: ModelBackend;
  /**
   * Suites built by the caller (the probes), used instead of resolving `suites` by name; their
   * names and versions are recorded in run.json as usual. A resume must pass the same suites.
   */
  suiteObjects?: Suite[];
  /**
   * Tools added to every sample's offered tools (`eval --mcp`); a sample's own tool of the same
   * name wins. Scoring is unchanged: they are extra choices, never part of an expected answer.
   */
  extraTools?: readonly ToolDefinition[];
  /** Called once per extra tool left out of some samples because they offer a tool of its name. */
  onToolClash?(name: string, samples: number): void;
  /** Called with each note a suite gives when it is built (Suite.notes: lines of a traces file skipped, ...). */
  onSuiteNote?(suite: string, note: string): void;
  /** The extra tools as executable tools (agent suites run them); names as in `extraTools`. */
  extraRegistry?: ToolRegistry;
  /** The suites `suites` may name (the CLI passes the shipped catalog); needed unless `suiteObjects` is given. */
  catalog?: SuiteCatalog;
  /** `--user-model`: the model spec playing the user in conversation suites (default: the scripted user). */
  userModel?: string;
  /** An already-open user model (tests); `userModel` is then only recorded. */
  userBackend?: ModelBackend;
  /** An already-open judge model (tests); `judgeModel` is then only recorded. */
  judgeBackend?: ModelBackend;
}

/**
 * What a session did: the run as the reporters take it (every result of the run, earlier
 * sessions' included, in plan order; the summary; run.json's record as last written), and more.
 */
export interface EvalSessionOutcome extends ReportedRun {
  interrupted: boolean;
  /** What the backend reported at the end (also in run.json's session), when it reported anything. */
  backendReport?: BackendReport;
}
