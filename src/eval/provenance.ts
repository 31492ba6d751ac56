/**
 * Provenance of an eval run's model: what exactly was measured. For GGUF files (and `demo`) the
 * file's sha256 (streamed, cached by path+size+mtime), architecture, quantisation and the sha256
 * of the chat template; for `openai:` the URL (every URL of a fleet) and model name, for
 * `llama-server:` its URLs; for `replay:` the script's sha256.
 * `identity` is the string results and cached responses are tied to.
 */
import { readFileSync } from "node:fs";
import { arch, cpus, platform, release, totalmem } from "node:os";
import type { BackendCapabilities, BackendInfo, ModelBackend } from "../backend/model-backend.js";
import { type ModelSpec, specServers } from "../backend/model-spec.js";
import { sha256Hex } from "../sha256.js";
import { fileSha256 } from "./file-hash.js";

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
 * else read from the file (a backend that does not say; undefined when the file cannot be read).
 */
async function chatTemplateHash(
  path: string,
  capabilities: BackendCapabilities | undefined,
): Promise<string | null | undefined> {
  if (capabilities?.chatTemplateSha256 !== undefined) return capabilities.chatTemplateSha256;
  try {
    const { readGguf } = await import("../gguf/reader.js");
    const file = await readGguf(path, { maxArrayElementsKept: 0 });
    const template = file.metadata.get("tokenizer.chat_template");
    return typeof template === "string" ? sha256Hex(template) : null;
  } catch {
    return undefined;
  }
}

/** Collects the provenance of an opened model. `cacheDirectory` keeps file hashes between runs. */
export async function modelProvenance(
  specText: string,
  spec: ModelSpec,
  backend: Pick<ModelBackend, "info" | "capabilities">,
  cacheDirectory: string | undefined,
): Promise<ModelProvenance> {
  const { info } = backend;
  const common = {
    spec: specText,
    kind: spec.kind,
    format: String(info.format ?? "json"),
    backend: info.backend,
    backendVersion: info.backendVersion,
    randomWeights: info.randomWeights === true,
    backendInfo: info,
  };
  switch (spec.kind) {
    case "gguf":
    case "demo":
    case "hf": {
      // demo and hf: the backend's model is the file it opened (synthesised, or in the hub cache).
      const path = spec.kind === "gguf" ? spec.path : info.model;
      const sha256 = await fileSha256(path, cacheDirectory);
      return {
        ...common,
        identity: `gguf:sha256:${sha256}`,
        path,
        sha256,
        architecture: typeof info.architecture === "string" ? info.architecture : undefined,
        quantisation: typeof info.quantisation === "string" ? info.quantisation : undefined,
        chatTemplateSha256: await chatTemplateHash(path, backend.capabilities),
        device: typeof info.device === "string" ? info.device : undefined,
      };
    }
    case "openai": {
      // A fleet is identified by all its servers, in order: a resume names the same ones.
      const servers = specServers(spec).join(",");
      const identity = spec.api === "raw" ? `llama-server:${servers}` : `openai:${servers}#${spec.model}`;
      return { ...common, identity };
    }
    case "replay": {
      const sha256 = await fileSha256(spec.path);
      return { ...common, identity: `replay:sha256:${sha256}`, path: spec.path, sha256 };
    }
  }
}
