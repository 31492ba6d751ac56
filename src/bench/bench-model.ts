/**
 * The GGUF file a benchmark measures: a file given with `--model`, the demo model, or the
 * random-weight model of a preset shape, synthesised once into `<cache>/models` and reused.
 */
import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { cacheDirectory } from "../backend/demo-model.js";
import { EdgecallError } from "../errors.js";
import type { BenchModelSource } from "./bench-options.js";
import type { BenchProgressHandler } from "./bench-protocol.js";

/** Bump when the synthesised bench models' recipe changes, so old cache entries are not reused. */
const benchModelRecipeVersion = 1;

/** A resolved model file. */
export interface BenchModelFile {
  path: string;
  /** The preset name for `--shape` (e.g. "qwen3.5-0.8b", "tiny-qwen35"). */
  preset?: string;
  /** True when the file was synthesised just now. */
  synthesised: boolean;
}

/** Where `--shape PRESET --quant TYPE` is cached. */
export function shapeModelPath(preset: string, arch: string, quant: string): string {
  const name = preset === "tiny" ? `tiny-${arch}` : preset;
  return join(cacheDirectory(), "models", `bench-${name}-${quant}-v${benchModelRecipeVersion}.gguf`);
}

/**
 * Resolves the source to a file, synthesising a preset shape on first use. `onNote` receives a
 * line before a slow synthesis starts, then the bytes written as it goes.
 */
export async function resolveBenchModel(
  source: BenchModelSource,
  onNote: BenchProgressHandler = () => {},
): Promise<BenchModelFile> {
  if (source.kind === "file") {
    let isFile = false;
    try {
      isFile = statSync(source.path).isFile();
    } catch {
      throw new EdgecallError("file-not-found", `model file not found: ${source.path}`, {
        subject: source.path,
      });
    }
    if (!isFile) {
      throw new EdgecallError("invalid-argument", `model path is not a file: ${source.path}`, {
        subject: source.path,
      });
    }
    return { path: source.path, synthesised: false };
  }
  if (source.kind === "hf") {
    const { localModelFile } = await import("../backend/open-model.js");
    return { path: (await localModelFile(source.spec)) ?? "", synthesised: false };
  }
  if (source.kind === "demo") {
    const { ensureDemoModel } = await import("../backend/demo-model.js");
    return { path: await ensureDemoModel(onNote), preset: "demo", synthesised: false };
  }
  const path = shapeModelPath(source.preset, source.arch, source.quant);
  const preset = source.preset === "tiny" ? `tiny-${source.arch}` : source.preset;
  const { reusableCachedModel } = await import("../gguf/synth/cached-model.js");
  if (await reusableCachedModel(path, onNote)) return { path, preset, synthesised: false };
  mkdirSync(join(cacheDirectory(), "models"), { recursive: true });
  onNote(`synthesising the random-weight ${preset} ${source.quant} model into ${path} (once; reused later)`);
  const { synthesizeGguf } = await import("../gguf/synth/synthesize.js");
  await synthesizeGguf({
    preset: source.preset,
    arch: source.arch,
    quant: source.quant,
    outputPath: path,
    seed: 1,
    onProgress: (done, total) =>
      onNote("synthesising", { phase: "synthesising", done, total, unit: "bytes" }),
  });
  return { path, preset, synthesised: true };
}
