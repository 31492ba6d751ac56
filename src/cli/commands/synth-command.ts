/**
 * `edgecall synth`: writes a random-weight GGUF of a real model's shape. The file gives real
 * speed and memory figures for that shape; anything it generates is noise, and says so.
 */
import { readFileSync } from "node:fs";
import { EdgecallError } from "../../errors.js";
import { listPresets } from "../../gguf/synth/presets.js";
import { synthesizeGguf } from "../../gguf/synth/synthesize.js";

/** Parsed options of `edgecall synth`. */
export interface SynthCommandOptions {
  arch?: string;
  preset?: string;
  shape?: string;
  quant: string;
  chatTemplate?: string;
  seed?: number;
  output: string;
  json?: boolean;
}

function readShape(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new EdgecallError("file-not-found", `shape file not found: ${path}`, { subject: path });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new EdgecallError(
      "invalid-json",
      `invalid shape file ${path}: not valid JSON: ${(error as Error).message}`,
      {
        subject: path,
      },
    );
  }
}

/** Runs the command; returns the exit code. */
export async function synthCommand(options: SynthCommandOptions): Promise<number> {
  if ((options.preset === undefined) === (options.shape === undefined)) {
    throw new EdgecallError("usage", "synth: give exactly one of --preset NAME or --shape FILE.json");
  }
  const preset =
    options.preset === undefined ? undefined : listPresets().find((entry) => entry.name === options.preset);
  if (preset && preset.verified === false && !options.json) {
    process.stderr.write(
      `edgecall: note: preset ${preset.name}: ${preset.notes ?? "dimensions not verified"}\n`,
    );
  }
  const showProgress = process.stderr.isTTY && !options.json;
  let lastPercent = -1;
  const result = await synthesizeGguf({
    arch: options.arch,
    preset: options.preset,
    shape: options.shape === undefined ? undefined : (readShape(options.shape) as never),
    quant: options.quant,
    chatTemplate: options.chatTemplate,
    seed: options.seed,
    outputPath: options.output,
    onProgress: showProgress
      ? (done: number, total: number) => {
          const percent = Math.floor((100 * done) / Math.max(1, total));
          if (percent !== lastPercent) process.stderr.write(`\rwriting ${percent}%`);
          lastPercent = percent;
        }
      : undefined,
  });
  if (showProgress) process.stderr.write("\r");
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ ...result, randomWeights: true }, null, 2)}\n`);
    return 0;
  }
  const megabytes = (result.bytes / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `wrote ${result.path}: ${(result.parameters / 1e6).toFixed(2)} M parameters, ${megabytes} MiB, ` +
      `${result.tensorCount} tensors in ${result.seconds.toFixed(1)} s (random weights: speed and memory only)\n`,
  );
  return 0;
}
