/**
 * An opened model as one value: the spec parsed once, the GGUF facts edgecall read once (one
 * header read per open), the model's one identity (a file's sha256, computed once per file
 * version: file-hash.ts), the tool-call format object the backend parses with, and the backend.
 * open-model.ts makes one by opening a spec; {@link describeOpenedModel} makes one for a backend a
 * caller opened itself (tests, embedders). Provenance, the response cache key and the prefix state
 * store all read the identity from here.
 */
import type { ToolCallFormat } from "../formats/tool-call-format.js";
import { fileSha256 } from "./file-hash.js";
import type { GgufFacts } from "./llama-cpp/gguf-facts.js";
import type { ModelBackend } from "./model-backend.js";
import { fileIdentity, serverIdentity } from "./model-identity.js";
import type { ParsedModelSpec } from "./model-spec.js";

/** A model opened once, with everything later steps need to know of it. */
export interface OpenedModel {
  /** The spec as given, parsed, and with its file path absolute. */
  readonly spec: ParsedModelSpec;
  /**
   * The one string results, cached responses and persisted prefix states are tied to:
   * `gguf:sha256:<hex>`, `replay:sha256:<hex>`, `openai:<urls>#<model>` or `llama-server:<urls>`.
   */
  readonly identity: string;
  /** The model file on this machine (GGUF or replay script) and its sha256; absent for servers. */
  readonly file?: { readonly path: string; readonly sha256: string };
  /** A GGUF's facts as edgecall's reader checked them when it was opened. */
  readonly facts?: GgufFacts;
  /**
   * The format the backend parses with, where the open chose it (GGUF: given or detected from the
   * file's template; replay; `openai:` with `--format`); undefined where the server's side decides.
   */
  readonly format: ToolCallFormat | undefined;
  /** The format's name, or what the backend reports (`json` when it says nothing). */
  readonly formatName: string;
  readonly backend: ModelBackend;
}

/** The file a file spec's backend opened: the spec's path, or the backend's (demo, hf). */
function modelFilePath(parsed: ParsedModelSpec, backend: ModelBackend): string | undefined {
  const { spec } = parsed;
  switch (spec.kind) {
    case "gguf":
    case "replay":
      return spec.path;
    case "demo":
    case "hf":
      return String(backend.info.model);
    case "openai":
      return undefined;
  }
}

/**
 * The {@link OpenedModel} of a backend opened elsewhere, for `spec`: its identity is computed from
 * the file (remembered in `cacheDirectory` between processes); its facts are not read.
 */
export async function describeOpenedModel(
  spec: ParsedModelSpec,
  backend: ModelBackend,
  cacheDirectory?: string,
): Promise<OpenedModel> {
  const formatName = String(backend.info.format ?? "json");
  const common = { spec, format: undefined, formatName, backend };
  if (spec.spec.kind === "openai") return { ...common, identity: serverIdentity(spec.spec) };
  const path = modelFilePath(spec, backend) ?? "";
  // A replay script is small and edited in place: never trust a cached hash of it.
  const sha256 = await fileSha256(path, spec.spec.kind === "replay" ? undefined : cacheDirectory);
  const kind = spec.spec.kind === "replay" ? "replay" : "gguf";
  return { ...common, identity: fileIdentity(kind, sha256), file: { path, sha256 } };
}
