/**
 * `edgecall export --suite LIST --as sft|rewards -o FILE`: a suite as training material.
 * `sft` writes every sample's reference solution as an OpenAI fine-tuning chat conversation, one
 * a line (src/export/reference-conversations.ts); `rewards` writes a JavaScript module exporting
 * `reward({id, messages})`, trajectory rewards from the suites (src/export/rewards-module.ts). What was
 * left out goes to stderr; `--json` prints `{"file", "as", "lines", "skipped"}` on stdout.
 */
import { writeFileAtomic } from "../../atomic-file.js";
import { EdgecallError } from "../../errors.js";
import { createSuites, resolveSuiteNames } from "../../eval/suite-catalog.js";
import { referenceConversations } from "../../export/reference-conversations.js";
import { createRewardFunction } from "../../export/reward-function.js";
import { packageName, packageReachableFrom, rewardsModuleText } from "../../export/rewards-module.js";
import { defaultSuiteCatalog } from "../../suites/default-catalog.js";

/** Parsed options of `edgecall export`. */
export interface ExportCommandOptions {
  suite?: string;
  as?: "sft" | "rewards";
  output?: string;
  bfclDir?: string;
  bfclMode?: "prompt" | "fc";
  limit?: number;
  format?: string;
  concurrency?: number;
  json?: boolean;
}

function required<T>(value: T | undefined, flag: string): T {
  if (value === undefined) throw new EdgecallError("usage", `export needs ${flag}`, { subject: flag });
  return value;
}

/** Runs the command; returns the exit code. */
export async function exportCommand(options: ExportCommandOptions): Promise<number> {
  const list = required(options.suite, "--suite");
  const kind = required(options.as, "--as sft|rewards");
  const output = required(options.output, "-o FILE");
  const catalog = defaultSuiteCatalog();
  const names = resolveSuiteNames(catalog, list);
  const suites = await createSuites(catalog, names, {
    options: { "bfcl-dir": options.bfclDir, "bfcl-mode": options.bfclMode ?? "fc" },
  });
  const planOptions = options.limit === undefined ? {} : { limit: options.limit };
  for (const suite of suites)
    for (const note of suite.notes ?? []) process.stderr.write(`edgecall: export: note: ${note}\n`);
  let lines: number;
  let skipped: { id: string; why: string }[] = [];
  if (kind === "sft") {
    const exported = await referenceConversations(suites, {
      ...planOptions,
      concurrency: options.concurrency ?? 2,
    });
    writeFileAtomic(output, exported.lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    lines = exported.lines.length;
    skipped = exported.skipped;
  } else {
    // Fails now, not in the trainer, for suites that cannot be loaded.
    await createRewardFunction(suites, { ...planOptions, format: options.format });
    if (!packageReachableFrom(output))
      process.stderr.write(
        `edgecall: export: note: ${output} imports the "${packageName}" package, which is not installed in its folder or above: install it there (npm install ${packageName})\n`,
      );
    writeFileAtomic(
      output,
      rewardsModuleText({
        suites: names,
        bfclDir: options.bfclDir,
        bfclMode: options.bfclMode,
        format: options.format,
      }),
    );
    lines = 1;
  }
  for (const left of skipped.slice(0, 20))
    process.stderr.write(`edgecall: export: left out ${left.id}: ${left.why}\n`);
  if (skipped.length > 20)
    process.stderr.write(`edgecall: export: ... ${skipped.length - 20} more left out\n`);
  process.stderr.write(
    kind === "sft"
      ? `edgecall: export: wrote ${lines} conversations to ${output}${skipped.length > 0 ? ` (${skipped.length} samples left out)` : ""}\n`
      : `edgecall: export: wrote the reward module ${output} (import { reward } from it; or run edgecall reward --suite ${list})\n`,
  );
  if (options.json)
    process.stdout.write(`${JSON.stringify({ file: output, as: kind, lines, skipped }, null, 2)}\n`);
  return 0;
}
