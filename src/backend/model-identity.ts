/**
 * A model's identity: the one string results, cached responses and persisted prefix states are
 * tied to. A file (GGUF, replay script) is identified by its sha256 (file-hash.ts: computed once
 * per file version, remembered by path+size+mtime), a server by its URLs and model name.
 */
import { fileSha256 } from "./file-hash.js";
import { type ModelSpec, specServers } from "./model-spec.js";

/** `openai:<urls>#<model>` or `llama-server:<urls>`: a fleet by all its servers, in order. */
export function serverIdentity(spec: Extract<ModelSpec, { kind: "openai" }>): string {
  const servers = specServers(spec).join(",");
  return spec.api === "raw" ? `llama-server:${servers}` : `openai:${servers}#${spec.model}`;
}

/** `gguf:sha256:<hex>` for a model file, `replay:sha256:<hex>` for a replay script. */
export function fileIdentity(kind: "gguf" | "replay", sha256: string): string {
  return `${kind}:sha256:${sha256}`;
}

/** The identity of the GGUF file at `path`; `cacheDirectory` keeps the hash between processes. */
export async function ggufFileIdentity(path: string, cacheDirectory?: string): Promise<string> {
  return fileIdentity("gguf", await fileSha256(path, cacheDirectory));
}
