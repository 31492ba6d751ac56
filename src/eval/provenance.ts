/**
 * Provenance of an eval run's model: what exactly was measured, from the model as opened once
 * (backend/opened-model.ts). For GGUF files (and `demo`, `hf:`) the file's sha256, architecture,
 * quantisation and the sha256 of the chat template; for `openai:` the URL (every URL of a fleet)
 * and model name, for `llama-server:` its URLs; for `replay:` the script's sha256.
 * `identity` is the opened model's: the string results, cached responses and prefix states are tied to.
 */
import { readFileSync } from "node:fs";
import { arch, cpus, platform, release, totalmem } from "node:os";
import type { BackendInfo } from "../backend/model-backend.js";
import type { ModelSpec } from "../backend/model-spec.js";
import type { OpenedModel } from "../backend/opened-model.js";
import { sha256Hex } from "../sha256.js";

/** The `model` object of run.json and of `eval --json`. */
export interface ModelProvenance {
  /** The model spec as given on the command line. */
  spec: string;
  kind: ModelSpec["kind"];
  /** `gguf:sha256:<hex>`, `openai:<url>#<model>` or `replay:sha256:<hex>`. */
  identity: string;
  /** The model file (GGUF or replay script). */
  path?: string;
  sha256?: string;
  architecture?: string;
  quantisation?: string;
  chatTemplateSha256?: string | null;
  /** The tool-call format the backend parses with. */
  format: string;
  backend: string;
  backendVersion?: string;
  device?: string;
  /** True for random-weight models: every score is noise, and every output says so. */
  randomWeights: boolean;
  /** Everything the backend reported about itself. */
  backendInfo: BackendInfo;
}

let cachedVersion: string | undefined;

/** The edgecall package version (from package.json). */
export function edgecallVersion(): string {
  if (cachedVersion !== undefined) return cachedVersion;
  try {
    const text = readFileSync(new URL("../../package.json", import.meta.url), "utf8");
    cachedVersion = String((JSON.parse(text) as { version?: unknown }).version ?? "unknown");
  } catch {
    cachedVersion = "unknown";
  }
  return cachedVersion;
}

/** Facts about the machine the run is on. */
export function hostProvenance(): Record<string, unknown> {
  const processors = cpus();
  return {
    node: process.version,
    platform: `${platform()} ${release()}`,
    arch: arch(),
    cpu: processors[0]?.model ?? "unknown",
    cpuCount: processors.length,
    memoryBytes: totalmem(),
  };
}

/**
 * The chat template's hash: the one the backend holds (it renders prompts with that template),
 * else the one the open read, else read from the file (a backend opened elsewhere that does not
 * say; undefined when the file cannot be read).
 */
async function chatTemplateHash(model: OpenedModel, path: string): Promise<string | null | undefined> {
  const held = model.backend.capabilities?.chatTemplateSha256;
  if (held !== undefined) return held;
  if (model.facts !== undefined)
    return model.facts.chatTemplate === undefined ? null : sha256Hex(model.facts.chatTemplate);
  try {
    const { readGguf } = await import("../gguf/reader.js");
    const file = await readGguf(path, { maxArrayElementsKept: 0 });
    const template = file.metadata.get("tokenizer.chat_template");
    return typeof template === "string" ? sha256Hex(template) : null;
  } catch {
    return undefined;
  }
}

/** Collects the provenance of an opened model. */
export async function modelProvenance(model: OpenedModel): Promise<ModelProvenance> {
  const { info } = model.backend;
  const { spec } = model.spec;
  const common = {
    spec: model.spec.text,
    kind: spec.kind,
    format: model.formatName,
    backend: info.backend,
    backendVersion: info.backendVersion,
    randomWeights: info.randomWeights === true,
    backendInfo: info,
  };
  const { file, identity } = model;
  switch (spec.kind) {
    case "gguf":
    case "demo":
    case "hf": {
      // demo and hf: the backend's model is the file it opened (synthesised, or in the hub cache).
      const path = file?.path ?? String(info.model);
      return {
        ...common,
        identity,
        path,
        ...(file === undefined ? {} : { sha256: file.sha256 }),
        architecture: typeof info.architecture === "string" ? info.architecture : undefined,
        quantisation: typeof info.quantisation === "string" ? info.quantisation : undefined,
        chatTemplateSha256: await chatTemplateHash(model, path),
        device: typeof info.device === "string" ? info.device : undefined,
      };
    }
    case "openai":
      return { ...common, identity };
    case "replay":
      return { ...common, identity, path: spec.path, ...(file === undefined ? {} : { sha256: file.sha256 }) };
  }
}
