/**
 * Test support: tiny random-weight GGUFs, synthesised once per process into a temporary folder
 * (removed when the process exits) and shared by every test in that process.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { synthesizeGguf } from "./synthesize.js";

/** Architectures with a `tiny` preset. */
export type TinyArchitecture = "qwen3" | "qwen35" | "lfm2" | "llama" | "gemma3";

let directory: string | undefined;
const cache = new Map<string, Promise<string>>();

function cacheDirectory(): string {
  if (!directory) {
    const created = mkdtempSync(join(tmpdir(), "edgecall-tiny-models-"));
    directory = created;
    process.once("exit", () => rmSync(created, { recursive: true, force: true }));
  }
  return directory;
}

/**
 * Path of the tiny `arch` model at `quant` (default q8_0) with `chatTemplate` (default: the
 * family's), synthesised on first request (about a second) and cached for the process.
 */
export function tinyModelPath(
  arch: TinyArchitecture,
  quant = "q8_0",
  chatTemplate?: string,
): Promise<string> {
  const key = `${arch}-${quant}-${chatTemplate ?? "default"}`;
  let path = cache.get(key);
  if (!path) {
    const outputPath = join(cacheDirectory(), `tiny-${key}.gguf`);
    path = synthesizeGguf({ arch, preset: "tiny", quant, chatTemplate, outputPath, seed: 1 }).then(
      (result) => result.path,
    );
    path.catch(() => cache.delete(key));
    cache.set(key, path);
  }
  return path;
}
