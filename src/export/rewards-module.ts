/**
 * The JavaScript module `edgecall export --as rewards -o FILE.mjs` writes: a few lines that load
 * this installation's scorers for the named suites and export
 * `reward({sample, completion}) → Promise<{score, passed, explanation}>` (src/export/reward-function.ts).
 * Paths (traces files, the BFCL folder) are made absolute, so the module works from any folder.
 */
import { resolve } from "node:path";
import type { RewardModuleSettings } from "./reward-loader.js";

/** The loader's URL in this installation (the `.ts` source when running from source). */
function loaderUrl(): string {
  const extension = import.meta.url.endsWith(".ts") ? ".ts" : ".js";
  return new URL(`./reward-loader${extension}`, import.meta.url).href;
}

/** `traces:calls.jsonl?tolerance=0.1` with the file made absolute. */
function absoluteSuiteName(name: string): string {
  if (!name.startsWith("traces:")) return name;
  const rest = name.slice("traces:".length);
  const query = rest.lastIndexOf("?");
  const path = query < 0 ? rest : rest.slice(0, query);
  return `traces:${resolve(path)}${query < 0 ? "" : rest.slice(query)}`;
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
  return `// Rule-based rewards from edgecall's scorers, written by \`edgecall export --as rewards\`.
// Suites: ${suites.join(", ")}
//
//   import { reward } from "./this-file.mjs";
//   const { score, passed, explanation } = await reward({ sample: "<sample id>", completion: "<model output>" });
//
// completion: the model's raw text (parsed with the ${absolute.format} format) or an OpenAI assistant
// message {"content", "tool_calls"}. score is in [0, 1]. From Python, run \`edgecall reward --suite ...\`.
import { loadRewardFunction } from ${JSON.stringify(loaderUrl())};

/** The settings the scorers were loaded with. */
export const settings = ${JSON.stringify(absolute, null, 2)};

const rewardOf = await loadRewardFunction(settings);

/** Scores one completion of one sample: {score, passed, explanation}. */
export function reward({ sample, completion }) {
  return rewardOf({ sample, completion });
}

export default reward;
`;
}
