/**
 * `edgecall bench --model openai:URL#MODEL | llama-server:URL` options → a validated plan: the
 * same `--prompt-tokens`, `--gen-tokens` and `--repeats` as in-process bench; the options that only
 * an in-process model has (`--shape`, `--threads`, `--context-size`, …) are refused, naming the
 * flag, since the server decides them. One server: a fleet is refused.
 */

import { llamaServerRoot } from "../../backend/llama-server/backend.js";
import { type ModelSpec, parseModelSpec } from "../../backend/model-spec.js";
import { EdgecallError } from "../../errors.js";
import { type BenchCommandOptions, benchDefaults, parseIntegerList } from "../bench-options.js";

/** A validated server benchmark. */
export interface ServerBenchPlan {
  /** The spec as given. */
  spec: string;
  api: "openai" | "llama-server";
  /** The server's root (no `/v1`). */
  root: string;
  /** The OpenAI API root (`root/v1` for llama-server, the spec's URL for `openai:`). */
  apiRoot: string;
  /** The model id sent (`openai:`), or `llama-server`. */
  model: string;
  promptTokens: number[];
  genTokens: number;
  repeats: number;
}

/** True when `--model` names a server (`openai:` or `llama-server:`). */
export function isServerModel(model: string | undefined): boolean {
  if (model === undefined) return false;
  const trimmed = model.trim();
  return trimmed.startsWith("openai:") || trimmed.startsWith("llama-server:");
}

function usage(flag: string, message: string): EdgecallError {
  return new EdgecallError("usage", `${flag}: ${message}`, { subject: flag });
}

function single(value: number | string | undefined, flag: string, minimum: number): number | undefined {
  if (value === undefined) return undefined;
  const list = parseIntegerList(String(value), flag, minimum);
  if (list.length !== 1) throw usage(flag, `expected one whole number, got '${value}'`);
  return list[0];
}

/** Validates the options of a server bench. */
export function parseServerBenchOptions(options: BenchCommandOptions): ServerBenchPlan {
  const spec = parseModelSpec(options.model ?? "") as ModelSpec;
  if (spec.kind !== "openai") throw usage("--model", `'${options.model}' is not a server spec`);
  const refused: [keyof BenchCommandOptions, string][] = [
    ["shape", "--shape"],
    ["arch", "--arch"],
    ["quant", "--quant"],
    ["threads", "--threads"],
    ["contextSize", "--context-size"],
  ];
  for (const [key, flag] of refused)
    if (options[key] !== undefined)
      throw usage(flag, "does not apply to a model served over HTTP: the server was started with its own");
  if (spec.baseUrls !== undefined && spec.baseUrls.length > 1)
    throw usage("--model", "bench measures one server: give one URL, not a fleet");
  const api = spec.api === "raw" ? "llama-server" : "openai";
  const url = spec.baseUrl.replace(/\/+$/, "");
  const root = api === "llama-server" ? llamaServerRoot(url) : url.replace(/\/v1$/, "");
  const promptTokens = (
    options.promptTokens === undefined
      ? benchDefaults.promptTokens
      : parseIntegerList(options.promptTokens, "--prompt-tokens", 0)
  ).filter((tokens) => tokens > 0);
  const genTokens = single(options.genTokens, "--gen-tokens", 0) ?? benchDefaults.genTokens;
  if (promptTokens.length === 0 && genTokens === 0)
    throw usage("--prompt-tokens", "nothing to measure: no prompt lengths and --gen-tokens 0");
  if (api === "openai" && genTokens === 1)
    throw usage(
      "--gen-tokens",
      "a server's decode speed needs at least 2 tokens (the first is the prefill's)",
    );
  return {
    spec: options.model!.trim(),
    api,
    root,
    apiRoot: api === "llama-server" ? `${root}/v1` : url,
    model: spec.model,
    promptTokens,
    genTokens,
    repeats: single(options.repeats, "--repeats", 1) ?? benchDefaults.repeats,
  };
}
