/**
 * The JavaScript module `edgecall export --as rewards -o FILE.mjs` writes: a few lines that import
 * `edgecall` by its package name (so the module works wherever it is moved in a project that
 * depends on edgecall), load the named suites and export `reward({id, messages}) →
 * Promise<{reward, score, passed, explanation, notes?}>` (src/export/reward-function.ts), the same shape as
 * the library's and `edgecall reward`'s. Data paths (traces files, the BFCL folder) are written
 * absolute, so the module finds them from any folder; nothing names the edgecall installation.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { RewardModuleSettings } from "./reward-loader.js";

/** The package name the module imports. */
export const packageName = "edgecall";

/** `traces:calls.jsonl?tolerance=0.1` with the file made absolute. */
function absoluteSuiteName(name: string): string {
  if (!name.startsWith("traces:")) return name;
  const rest = name.slice("traces:".length);
  const query = rest.lastIndexOf("?");
  const path = query < 0 ? rest : rest.slice(0, query);
  return `traces:${resolve(path)}${query < 0 ? "" : rest.slice(query)}`;
}

/**
 * True when `import "edgecall"` resolves from `file`'s folder: a `node_modules/edgecall` in it or
 * a folder above, or a folder above that is the edgecall package itself (Node's self-reference).
 */
export function packageReachableFrom(file: string): boolean {
  let folder = dirname(resolve(file));
  for (;;) {
    if (existsSync(join(folder, "node_modules", packageName, "package.json"))) return true;
    const manifest = join(folder, "package.json");
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === packageName)
          return true;
      } catch {
        // Not a manifest we can read: keep looking above.
      }
    }
    const parent = dirname(folder);
    if (parent === folder) return false;
    folder = parent;
  }
}

/** The module's text. `suites` are resolved suite names. */
export function rewardsModuleText(settings: RewardModuleSettings & { suites: readonly string[] }): string {
  const suites = settings.suites.map(absoluteSuiteName);
  const absolute: RewardModuleSettings = {
    suites,
    ...(settings.bfclDir === undefined ? {} : { bfclDir: resolve(settings.bfclDir) }),
    ...(settings.bfclMode === undefined ? {} : { bfclMode: settings.bfclMode }),
    format: settings.format ?? "json",
  };
  return `// Trajectory rewards from edgecall's suites, written by \`edgecall export --as rewards\`.
// Suites: ${suites.join(", ")}
//
//   import { reward } from "./this-file.mjs";
//   const { reward: value, score, passed, explanation, notes } = await reward({ id: "<sample id>", messages: [...] });
//
// messages: the conversation in OpenAI's format. Its assistant turns (text and tool_calls) are
// replayed through the sample's own suite, in a fresh world, through the guards, with the
// simulated user where the suite has one; the tool results and user turns are the world's own
// (differences from the ones given are listed in notes). When the turns run out, the model says
// nothing more. For one model output, give {id, completion} instead: the raw text (parsed with
// the ${absolute.format} format) or one assistant message. reward is in [0, 1]: the suite's score when it passed, else 0.
// Needs the ${packageName} package where this module runs; from Python, run \`edgecall reward --suite ...\`.
import { loadRewardFunction } from ${JSON.stringify(packageName)};

/** The settings the suites were loaded with. */
export const settings = ${JSON.stringify(absolute, null, 2)};

const rewardOf = await loadRewardFunction(settings);

/** Rewards one trajectory of one sample: {reward, score, passed, explanation, errorType?, notes?}. */
export function reward(input) {
  return rewardOf(input);
}

export default reward;
`;
}
