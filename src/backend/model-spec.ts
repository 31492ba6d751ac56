/**
 * Model spec strings (the CLI contract (docs/architecture.md)): a path to a `.gguf` file,
 * `openai:URL#MODEL` (or a fleet, `openai:URL1,URL2#MODEL`), `llama-server:URL` (llama-server's raw
 * `/completion` with edgecall's own prompt rendering and parsers; a fleet likewise),
 * `replay:FILE.jsonl[?delayMs=N]`, `hf:OWNER/REPO[:QUANT|/FILE.gguf]` (a GGUF on the model hub,
 * downloaded into the cache on first use: hub/resolve-hub-model.ts), or `demo`.
 */
import { basename, isAbsolute, resolve } from "node:path";
import { EdgecallError } from "../errors.js";
import { filePathProblem, isGgufName, quantTagProblem, repoNameProblem } from "./hub/hub-names.js";

/** A parsed model spec. */
export type ModelSpec =
  | { kind: "gguf"; path: string }
  | {
      kind: "openai";
      /** The first (or only) server's API root. */
      baseUrl: string;
      model: string;
      /** Every server of a fleet (`openai:URL1,URL2#MODEL`), in order; absent for one server. */
      baseUrls?: string[];
      /**
       * `raw`: llama-server's `/completion`, prompts rendered by edgecall from the server's chat
       * template (`llama-server:URL`); absent: `/chat/completions`.
       */
      api?: "raw";
    }
  | { kind: "replay"; path: string; delayMs: number }
  | {
      kind: "hf";
      owner: string;
      repo: string;
      /** `:QUANT`: the GGUF whose name holds this tag (any case). */
      quant?: string;
      /** `/FILE.gguf`: this file of the repository (may name folders). */
      file?: string;
    }
  | { kind: "demo" };

function invalid(spec: string, why: string): EdgecallError {
  return new EdgecallError("invalid-model-spec", `invalid model spec '${spec}': ${why}`, { subject: spec });
}

/** Parses a model spec string. Throws `invalid-model-spec` naming the spec and what is wrong. */
export function parseModelSpec(spec: string): ModelSpec {
  const trimmed = spec.trim();
  if (trimmed === "") throw invalid(spec, "empty");
  if (trimmed === "demo") return { kind: "demo" };
  if (trimmed.startsWith("openai:")) {
    const rest = trimmed.slice("openai:".length);
    const hash = rest.lastIndexOf("#");
    const urls = hash === -1 ? rest : rest.slice(0, hash);
    const model = hash === -1 ? "default" : rest.slice(hash + 1);
    if (model === "") throw invalid(spec, "empty model name after '#'");
    return serverSpec(spec, urls, model, undefined);
  }
  if (trimmed.startsWith("llama-server:")) {
    const urls = trimmed.slice("llama-server:".length);
    if (urls.includes("#"))
      throw invalid(spec, "llama-server: serves the model it was started with; drop '#MODEL'");
    return serverSpec(spec, urls, "llama-server", "raw");
  }
  if (trimmed.startsWith("replay:")) {
    const rest = trimmed.slice("replay:".length);
    const question = rest.indexOf("?");
    const path = question === -1 ? rest : rest.slice(0, question);
    if (path === "") throw invalid(spec, "missing file path (expected replay:FILE.jsonl)");
    let delayMs = 0;
    if (question !== -1) {
      const query = new URLSearchParams(rest.slice(question + 1));
      for (const key of query.keys()) {
        if (key !== "delayMs") throw invalid(spec, `unknown replay option '${key}' (known: delayMs)`);
      }
      const raw = query.get("delayMs") ?? "";
      if (!/^\d+$/.test(raw))
        throw invalid(spec, `delayMs must be a whole number of milliseconds, got '${raw}'`);
      delayMs = Number.parseInt(raw, 10);
    }
    return { kind: "replay", path, delayMs };
  }
  if (trimmed.startsWith("hf:")) return hubSpec(spec, trimmed.slice("hf:".length));
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    throw invalid(spec, "a URL needs the openai: prefix (openai:URL#MODEL)");
  }
  return { kind: "gguf", path: trimmed };
}

/** `OWNER/REPO[:QUANT|/FILE.gguf]`, the part of an `hf:` spec after the prefix. */
function hubSpec(spec: string, rest: string): ModelSpec {
  const expected = "expected hf:OWNER/REPO, hf:OWNER/REPO:QUANT or hf:OWNER/REPO/FILE.gguf";
  const slash = rest.indexOf("/");
  if (slash === -1) throw invalid(spec, expected);
  const owner = rest.slice(0, slash);
  const afterOwner = rest.slice(slash + 1);
  const nextSlash = afterOwner.indexOf("/");
  const colon = afterOwner.indexOf(":");
  const repoEnd = [nextSlash, colon]
    .filter((index) => index !== -1)
    .reduce((a, b) => Math.min(a, b), afterOwner.length);
  const repo = afterOwner.slice(0, repoEnd);
  if (owner === "" || repo === "") throw invalid(spec, expected);
  const ownerProblem = repoNameProblem(owner);
  if (ownerProblem !== undefined) throw invalid(spec, `the owner '${owner}' ${ownerProblem}`);
  const repoProblem = repoNameProblem(repo);
  if (repoProblem !== undefined) throw invalid(spec, `the repository '${repo}' ${repoProblem}`);
  const tail = afterOwner.slice(repoEnd);
  if (tail === "") return { kind: "hf", owner, repo };
  if (tail.startsWith(":")) {
    const quant = tail.slice(1);
    const problem = quantTagProblem(quant);
    if (problem !== undefined) throw invalid(spec, `the quant tag '${quant}' ${problem} (e.g. Q4_K_M)`);
    return { kind: "hf", owner, repo, quant };
  }
  const file = tail.slice(1);
  const problem = filePathProblem(file);
  if (problem !== undefined) throw invalid(spec, `the file path '${file}' ${problem}`);
  if (!isGgufName(file)) throw invalid(spec, `the file '${file}' is not a .gguf file`);
  return { kind: "hf", owner, repo, file };
}

/** The server URLs of an `openai:` or `llama-server:` spec: one, or a comma-separated fleet. */
function serverSpec(spec: string, urls: string, model: string, api: "raw" | undefined): ModelSpec {
  const example =
    api === "raw" ? "llama-server:http://127.0.0.1:8080" : "openai:http://127.0.0.1:8080/v1#qwen";
  const baseUrls = urls.split(",").map((url) => url.trim());
  for (const url of baseUrls) {
    if (url === "") throw invalid(spec, `empty URL in the server list (expected e.g. ${example})`);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalid(spec, `'${url}' is not a URL (expected e.g. ${example})`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw invalid(spec, `URL must be http or https, got ${parsed.protocol}`);
    }
  }
  const normalised = baseUrls.map((url) => url.replace(/\/+$/, ""));
  const duplicate = normalised.find((url, index) => normalised.indexOf(url) !== index);
  if (duplicate !== undefined) throw invalid(spec, `${duplicate} is listed twice`);
  return {
    kind: "openai",
    baseUrl: normalised[0] ?? "",
    model,
    ...(normalised.length > 1 ? { baseUrls: normalised } : {}),
    ...(api === undefined ? {} : { api }),
  };
}

/** Every server a spec of kind `openai` names (one, or the fleet). */
export function specServers(spec: Extract<ModelSpec, { kind: "openai" }>): string[] {
  return spec.baseUrls ?? [spec.baseUrl];
}

/**
 * The spec with its file path made absolute (a `.gguf` path, a replay file), so that a spec recorded
 * in run.json still names the same file when the run is resumed from another working directory.
 * Other specs come back as given.
 */
export function absoluteModelSpec(spec: string): string {
  return absoluteSpecOf(spec, parseModelSpec(spec));
}

/** {@link absoluteModelSpec} of a spec already parsed (`parsed` is `spec` parsed). */
function absoluteSpecOf(spec: string, parsed: ModelSpec): string {
  if (parsed.kind === "gguf") return isAbsolute(parsed.path) ? spec.trim() : resolve(parsed.path);
  if (parsed.kind === "replay" && !isAbsolute(parsed.path)) {
    const trimmed = spec.trim();
    const question = trimmed.indexOf("?");
    return `replay:${resolve(parsed.path)}${question === -1 ? "" : trimmed.slice(question)}`;
  }
  return spec.trim();
}

/** A spec as given, parsed once, and with its file path made absolute; passed along instead of the text. */
export interface ParsedModelSpec {
  /** As given on the command line (or in run.json on resume). */
  text: string;
  spec: ModelSpec;
  /** {@link absoluteModelSpec} of the text: what run.json records. */
  absolute: string;
}

/** Parses a spec once into a {@link ParsedModelSpec}. Throws as {@link parseModelSpec} does. */
export function readModelSpec(text: string): ParsedModelSpec {
  const spec = parseModelSpec(text);
  return { text, spec, absolute: absoluteSpecOf(text, spec) };
}

/** A {@link ParsedModelSpec} of a spec parsed earlier (`spec` is `text` parsed). */
export function parsedModelSpec(text: string, spec: ModelSpec): ParsedModelSpec {
  return { text, spec, absolute: absoluteSpecOf(text, spec) };
}

/**
 * A short name for an `hf:` spec, as a file name would give: the file's name without `.gguf`, else
 * the repository's without a `-GGUF` suffix, plus the quant tag (`hf:Qwen/Qwen3-0.6B-GGUF:Q8_0` →
 * `Qwen3-0.6B-Q8_0`).
 */
export function hubSpecLabel(spec: Extract<ModelSpec, { kind: "hf" }>): string {
  if (spec.file !== undefined) return basename(spec.file).replace(/\.gguf$/i, "");
  const repo = spec.repo.replace(/[-_.]gguf$/i, "");
  return spec.quant === undefined ? repo : `${repo}-${spec.quant}`;
}
