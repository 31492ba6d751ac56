/**
 * The files of `@wllama/wllama` (llama.cpp compiled to WebAssembly) that the `bench --browser`
 * page loads: its ES module bundle and its wasm, served from the installed package (never a CDN),
 * and the package's version for the report.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { EdgecallError } from "../../errors.js";

/** Where the page's runtime comes from. */
export interface WllamaAssets {
  /** `esm/index.js`: the browser ES module. */
  modulePath: string;
  /** `esm/wasm/wllama.wasm`: one build, single- and multi-threaded. */
  wasmPath: string;
  /** The package's version, e.g. "3.13.0". */
  version: string;
}

/** Finds the installed package's files; EdgecallError("internal") when it is missing. */
export function wllamaAssets(): WllamaAssets {
  const require = createRequire(import.meta.url);
  let packageJson: string;
  try {
    packageJson = require.resolve("@wllama/wllama/package.json");
  } catch (error) {
    throw new EdgecallError(
      "internal",
      "bench --browser needs the @wllama/wllama package (a dependency of edgecall), which is not installed",
      { cause: error },
    );
  }
  const root = dirname(packageJson);
  const { version } = JSON.parse(readFileSync(packageJson, "utf8")) as { version: string };
  return {
    modulePath: join(root, "esm", "index.js"),
    wasmPath: join(root, "esm", "wasm", "wllama.wasm"),
    version,
  };
}
