/**
 * Where the real-weight tier finds its two real GGUF files (issue 37): the folder named by
 * `EDGECALL_REAL_MODELS`, filled by `scripts/fetch-real-models.sh DIR` (which verifies their sha256
 * sums). `.ci/run` sets the variable only when the fetch succeeded, so an unset variable always
 * means "skip, with a line saying why", even under CI=true. A set variable whose files are missing
 * or not GGUF is a broken promise: under CI=true that throws (the test file fails); elsewhere it
 * skips with a line.
 *
 * Usage (describe-level skip; the paths are always strings, valid only when `skip` is false):
 *
 *     const real = realModelsOrSkip();
 *     describe("SmolLM2, real weights", { skip: real.skip }, () => { ... real.smollm2 ... });
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { join } from "node:path";

/** The environment variable naming the folder that holds both files. */
export const REAL_MODELS_ENV = "EDGECALL_REAL_MODELS";
/** SmolLM2 135M Instruct, Q4_1: llama architecture, ChatML template (Apache-2.0). */
export const SMOLLM2_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf";
/** Gemma 3 270M (base), Q4_K_M: gemma3 architecture, no chat template (Gemma Terms: never commit it). */
export const GEMMA3_FILE = "gemma-3-270m-q4_k_m.gguf";

/** The two real files, and `skip`: false when both are usable, else the one line saying why not. */
export interface RealModels {
  /** The folder (`EDGECALL_REAL_MODELS`), or "" when unset. */
  dir: string;
  /** Path of the SmolLM2 file. */
  smollm2: string;
  /** Path of the Gemma 3 270M file. */
  gemma3: string;
  /** false when both files are present and GGUF; otherwise the reason, for `{ skip }`. */
  skip: string | false;
}

/** Why `path` is not a usable GGUF file, or undefined when it is one (present, non-empty, magic "GGUF"). */
function problemWith(path: string): string | undefined {
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return `${path} is not a file`;
    size = stat.size;
  } catch {
    return `${path} is missing`;
  }
  if (size < 4) return `${path} is empty`;
  const magic = Buffer.alloc(4);
  const fd = openSync(path, "r");
  try {
    readSync(fd, magic, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  return magic.toString("latin1") === "GGUF" ? undefined : `${path} is not a GGUF file`;
}

/**
 * Finds the real files through `EDGECALL_REAL_MODELS` (or `env`'s). Never throws except under
 * CI=true with the variable set and a file missing or broken (`.ci/run` promised them).
 */
export function realModelsOrSkip(env: NodeJS.ProcessEnv = process.env): RealModels {
  const dir = env[REAL_MODELS_ENV] ?? "";
  const smollm2 = dir === "" ? SMOLLM2_FILE : join(dir, SMOLLM2_FILE);
  const gemma3 = dir === "" ? GEMMA3_FILE : join(dir, GEMMA3_FILE);
  if (dir === "") {
    return {
      dir,
      smollm2,
      gemma3,
      skip: `real-weight tier skipped: ${REAL_MODELS_ENV} is not set (run \`bash scripts/fetch-real-models.sh DIR\` and set ${REAL_MODELS_ENV}=DIR)`,
    };
  }
  const problems = [problemWith(smollm2), problemWith(gemma3)].filter((line) => line !== undefined);
  if (problems.length === 0) return { dir, smollm2, gemma3, skip: false };
  const line = `real-weight tier skipped: ${problems.join("; ")} (run \`bash scripts/fetch-real-models.sh ${dir}\`)`;
  if (env.CI === "true") {
    throw new Error(`${REAL_MODELS_ENV} is set under CI=true but ${problems.join("; ")}`);
  }
  return { dir, smollm2, gemma3, skip: line };
}
