/**
 * The models of an eval session, each opened once into an OpenedModel (backend/opened-model.ts):
 * the model under test (its spec parsed once by session-inputs.ts, its identity and format read by
 * provenance and the response cache key from here), and the `--user-model` and `--judge-model`
 * through the same open.
 */
import type { ModelBackend } from "../backend/model-backend.js";
import { type ParsedModelSpec, parsedModelSpec } from "../backend/model-spec.js";
import { openModel, openModelValue } from "../backend/open-model.js";
import { describeOpenedModel, type OpenedModel } from "../backend/opened-model.js";
import type { TemplateVariables } from "../formats/chat-template.js";
import { templateVariablesOf } from "./eval-settings.js";
import { edgecallVersion } from "./provenance.js";
import { type ResponseCache, runtimeKeyOf } from "./response-cache.js";
import type { RunnerCache } from "./runner.js";
import type { SessionInputs } from "./session-inputs.js";
import type { EvalSessionOptions } from "./session-options.js";

/** The model under test: opened from the spec, or the backend the caller gave, described. */
export function openSessionModel(options: EvalSessionOptions, inputs: SessionInputs): Promise<OpenedModel> {
  const spec = parsedModelSpec(inputs.modelSpecText, inputs.spec);
  if (options.backend !== undefined) return describeOpenedModel(spec, options.backend, inputs.cacheRoot);
  return openModelValue(spec, {
    format: inputs.format,
    gpu: options.gpu,
    threads: options.threads,
    contextSize: options.contextSize,
    idleTimeoutMs: options.idleTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs,
    maxResponseBytes: options.maxResponseBytes,
    // In-process, each sample in flight gets a context sequence of its own (at most 16; more
    // samples in flight wait for a free sequence).
    sequences: Math.min(options.concurrency ?? 1, 16),
    prefixReuse: options.prefixReuse,
    promptLookup: options.promptLookup,
    ...(options.flashAttention === undefined ? {} : { flashAttention: options.flashAttention }),
    ...(options.prefixCacheBytes === undefined ? {} : { prefixCacheBytes: options.prefixCacheBytes }),
    ...(options.parseSpecialInMessages === true ? { parseSpecialInMessages: true } : {}),
    // openai: stream, so the time to the first token is measured, not the whole reply's.
    stream: true,
    templateVariables: templateVariablesOf(options, inputs.original?.settings),
    signal: options.signal, // hf: a first Ctrl-C stops a download (the next run resumes it)
    hashCacheDirectory: inputs.cacheRoot,
  });
}

/** A `--user-model` or `--judge-model`, opened through the same path as the model under test. */
export function openOtherModel(
  spec: ParsedModelSpec,
  options: EvalSessionOptions,
  inputs: SessionInputs,
): Promise<ModelBackend> {
  const { gpu, threads, signal } = options;
  return openModel(spec, { gpu, threads, signal, hashCacheDirectory: inputs.cacheRoot });
}

/** The response cache as the runner uses it, keyed by the model's identity, format and runtime settings. */
export function runnerCacheOf(
  cache: ResponseCache | undefined,
  model: OpenedModel,
  templateVariables: TemplateVariables | undefined,
): RunnerCache | undefined {
  if (cache === undefined) return undefined;
  const { info } = model.backend;
  const runtime = runtimeKeyOf(info);
  return {
    cache,
    model: {
      identity: model.identity,
      format: model.formatName,
      edgecallVersion: edgecallVersion(),
      backendVersion: String(info.backendVersion ?? info.backend),
      ...(templateVariables === undefined ? {} : { templateVariables }),
      ...(runtime === undefined ? {} : { runtime }),
    },
  };
}
