/**
 * Which node-llama-cpp addon a Llama runtime loaded: its prebuilt one, or edgecall's native build
 * (native/build-addon.mjs: the same addon plus a persistent ggml thread pool per context and plain
 * greedy sampling on the calling thread, installed as node-llama-cpp's local build), recorded as
 * provenance beside every measurement (docs/benchmarks.md "Native build").
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Llama } from "node-llama-cpp";
import { nodeLlamaCppVersion } from "./llama-cpp-load.js";

/** What {@link describeRuntime} found, for reports and JSON. */
export interface RuntimeBuild {
  /** `prebuilt`: node-llama-cpp's own binaries; `edgecall-native`: edgecall's build; `local`: another local build. */
  kind: "prebuilt" | "edgecall-native" | "local";
  /** Whether contexts keep a persistent ggml thread pool (edgecall's build, unless turned off). */
  persistentThreadPool: boolean;
  /** Whether plain greedy sampling is answered on the calling thread (edgecall's build, unless turned off). */
  fastGreedy: boolean;
  /**
   * The addon's identity as provenance and cache identity: `node-llama-cpp 3.21.1` (prebuilt),
   * `node-llama-cpp 3.21.1 (edgecall native build)` or `node-llama-cpp 3.21.1 (local build)`.
   * It does not change with EDGECALL_GGML_THREADPOOL or EDGECALL_FAST_GREEDY: both change speed,
   * never the output.
   */
  version: string;
  /** One line for reports, e.g. `node-llama-cpp 3.21.1, edgecall native build (persistent ggml thread pool, fast greedy)`. */
  description: string;
}

/** The marker native/build-addon.mjs writes beside the addon it installs (undefined: none). */
function edgecallMarker(): Record<string, unknown> | undefined {
  let root: string;
  try {
    root = dirname(dirname(fileURLToPath(import.meta.resolve("node-llama-cpp"))));
  } catch {
    return undefined;
  }
  const path = join(
    root,
    "llama",
    "localBuilds",
    `${process.platform}-${process.arch}`,
    "Release",
    "edgecall-native.json",
  );
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * Describes the addon `llama` runs on. `environment` is consulted for the native build's two
 * switches: EDGECALL_GGML_THREADPOOL (read when a context is created) and EDGECALL_FAST_GREEDY
 * (read on every sampling call); "0" turns either off.
 */
export function describeRuntime(
  llama: Pick<Llama, "buildType">,
  environment: NodeJS.ProcessEnv = process.env,
): RuntimeBuild {
  const base = `node-llama-cpp ${nodeLlamaCppVersion}`;
  if (llama.buildType === "prebuilt") {
    return {
      kind: "prebuilt",
      persistentThreadPool: false,
      fastGreedy: false,
      version: base,
      description: `${base}, prebuilt addon`,
    };
  }
  if (edgecallMarker() === undefined) {
    return {
      kind: "local",
      persistentThreadPool: false,
      fastGreedy: false,
      version: `${base} (local build)`,
      description: `${base}, local build`,
    };
  }
  const persistentThreadPool = environment.EDGECALL_GGML_THREADPOOL !== "0";
  const fastGreedy = environment.EDGECALL_FAST_GREEDY !== "0";
  const additions = [
    persistentThreadPool ? "persistent ggml thread pool" : "thread pool off: EDGECALL_GGML_THREADPOOL=0",
    fastGreedy ? "fast greedy" : "fast greedy off: EDGECALL_FAST_GREEDY=0",
  ];
  return {
    kind: "edgecall-native",
    persistentThreadPool,
    fastGreedy,
    version: `${base} (edgecall native build)`,
    description: `${base}, edgecall native build (${additions.join(", ")})`,
  };
}
