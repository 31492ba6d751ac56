/**
 * The `demo` model: a tiny random-weight model of the Qwen3.5 hybrid architecture, synthesised on
 * first use into the user's cache folder, so that every command works on a fresh machine with no
 * download. Everything it produces is labelled "random weights".
 */
import { mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** Bump when the demo model's recipe changes, so old caches are not reused. */
const demoRecipeVersion = 1;

/** The folder edgecall caches synthesised models in: $EDGECALL_CACHE_DIR, else $XDG_CACHE_HOME/edgecall, else ~/.cache/edgecall. */
export function cacheDirectory(): string {
  if (process.env.EDGECALL_CACHE_DIR) return process.env.EDGECALL_CACHE_DIR;
  const base = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(base, "edgecall");
}

function noteOnStderr(message: string): void {
  process.stderr.write(`edgecall: note: ${message}\n`);
}

/**
 * Returns the demo model's path, synthesising it first if it is not cached yet (or the cached
 * file is damaged: `onNote` is told, by default on stderr).
 */
export async function ensureDemoModel(onNote: (message: string) => void = noteOnStderr): Promise<string> {
  const directory = join(cacheDirectory(), "models");
  const path = join(directory, `demo-qwen3.5-tiny-q8_0-v${demoRecipeVersion}.gguf`);
  const { reusableCachedModel } = await import("../gguf/synth/cached-model.js");
  if (await reusableCachedModel(path, onNote)) return path;
  mkdirSync(directory, { recursive: true });
  const { synthesizeGguf } = await import("../gguf/synth/synthesize.js");
  await synthesizeGguf({ arch: "qwen35", preset: "tiny", quant: "q8_0", outputPath: path, seed: 1 });
  return path;
}
