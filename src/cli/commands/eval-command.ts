/**
 * `edgecall eval`: runs suites against a model into a run directory (see src/eval). Prints the
 * summary table (or, with `--json`, the CLI contract's `eval` document) on stdout and progress on stderr.
 *
 * Interrupts: the first Ctrl-C (or SIGTERM) stops starting samples, aborts the ones in flight (they
 * have no result and run again on resume), writes results.jsonl and summary.json from what is done,
 * and exits 130; a second Ctrl-C exits 130 at once (every finished result is already committed).
 *
 * `--fail-under X` (X from 0 to 1): exit 100 when the overall accuracy (all passes over all
 * scored attempts, as in summary.json) is below X. `--fail-under-each X`: exit 100 when any
 * category's accuracy is below X. Harness errors are not in accuracy; with either gate set, a run
 * that has them says how many on stderr. Both apply only to a finished run; an interrupted run
 * exits 130.
 */
import { runEvalSession } from "../../eval/eval-session.js";
import type { EvalSummary } from "../../eval/summary.js";
import type { McpToolSource } from "../../mcp/mcp-client-tools.js";
import { defaultSuiteCatalog } from "../../suites/default-catalog.js";
import { percent } from "../../text/percent.js";
import { backendNotes } from "../backend-notes.js";
import { listenForInterrupts } from "../interrupts.js";
import { runSettings } from "../run-options.js";
import { reportRun } from "../run-reports.js";
import { closeMcpSources, connectMcpSources, mcpConnectOptions, mcpDefinitions } from "../tool-sources.js";
import { isDemoRun, runDemoBench, withDemoDefaults } from "./eval-demo.js";
import type { EvalCommandOptions } from "./eval-options.js";

export type { EvalCommandOptions } from "./eval-options.js";

/** Categories below the threshold, as `suite/category accuracy`. */
function below(summary: EvalSummary, threshold: number): string[] {
  return summary.categories
    .filter((category) => category.accuracy < threshold)
    .map((category) => `${category.suite}/${category.category} ${percent(category.accuracy)}`);
}

/** The exit code for `--fail-under` / `--fail-under-each`, with the reason on stderr. */
function failUnderCode(summary: EvalSummary, options: EvalCommandOptions): number {
  const reasons: string[] = [];
  if (options.failUnder !== undefined && summary.overall.accuracy < options.failUnder)
    reasons.push(
      `overall accuracy ${percent(summary.overall.accuracy)} is below --fail-under ${options.failUnder}`,
    );
  if (options.failUnderEach !== undefined) {
    const failing = below(summary, options.failUnderEach);
    if (failing.length > 0)
      reasons.push(`below --fail-under-each ${options.failUnderEach}: ${failing.join(", ")}`);
  }
  for (const reason of reasons) process.stderr.write(`edgecall: eval: ${reason}\n`);
  const gated = options.failUnder !== undefined || options.failUnderEach !== undefined;
  if (gated && summary.harnessErrors > 0)
    process.stderr.write(
      `edgecall: eval: ${summary.harnessErrors} attempts ended in a harness error; accuracy is over the ${summary.overall.scored} scored\n`,
    );
  return reasons.length > 0 ? 100 : 0;
}

/** Runs the command; returns the exit code. */
export async function evalCommand(given: EvalCommandOptions): Promise<number> {
  const isDemo = isDemoRun(given);
  const options = isDemo ? withDemoDefaults(given) : given;
  if (isDemo) {
    process.stderr.write(
      `edgecall: demo: a tiny model with random weights, synthesised on first use; suites ${options.suite}, ` +
        `${options.limit} samples each. Its scores are noise: the demo shows the pipeline, not a model.\n`,
    );
  }
  const interrupts = listenForInterrupts("eval");
  let sources: McpToolSource[] = [];
  try {
    sources = await connectMcpSources(options.mcp, mcpConnectOptions(options));
    const extra = mcpDefinitions(sources);
    for (const source of sources)
      process.stderr.write(`edgecall: eval: mcp: ${source.serverName}: ${source.tools.length} tools\n`);
    for (const left of extra.skipped)
      process.stderr.write(
        `edgecall: warning: --mcp: ${left.source}: left out MCP tool ${left.name}: ${left.reason}\n`,
      );
    const outcome = await runEvalSession({
      catalog: defaultSuiteCatalog(),
      model: options.model,
      suites: options.suite,
      suiteOptions: {
        "bfcl-dir": options.bfclDir,
        "bfcl-mode": options.bfclMode,
        injections: options.injections,
        augment: options.augment,
      },
      ...runSettings(options, interrupts.signal),
      retryErrors: options.retryErrors,
      limit: options.limit,
      shard: options.shard,
      extraTools: extra.tools,
      extraRegistry: extra.registry,
      confirm: options.confirm,
      guards: options.guards,
      judgeModel: options.judgeModel,
      userModel: options.userModel,
      maxSteps: options.maxSteps,
      tokenBudget: options.tokenBudget,
      onSuiteNote: (_suite, note) => process.stderr.write(`edgecall: eval: note: ${note}\n`),
      onToolClash: (name, samples) =>
        process.stderr.write(
          `edgecall: warning: --mcp: left out MCP tool ${name} from ${samples} samples that offer a tool of that name\n`,
        ),
    });
    const { summary } = outcome;
    for (const line of backendNotes(outcome.backendReport)) process.stderr.write(`edgecall: eval: ${line}\n`);
    const benchTable =
      isDemo && !outcome.interrupted
        ? await runDemoBench(
            outcome.runDirectory,
            options.threads,
            options.progress === false ? false : undefined,
          )
        : "";
    const report = await reportRun(outcome, {
      json: options.json === true,
      color: process.stdout.isTTY === true,
    });
    process.stdout.write(report.stdout);
    if (!options.json && benchTable !== "") process.stdout.write(`\n${benchTable}`);
    if (report.htmlPath !== null)
      (options.json ? process.stderr : process.stdout).write(`report: ${report.htmlPath}\n`);
    else process.stderr.write(`edgecall: eval: ${report.warning}\n`);
    if (outcome.interrupted) {
      process.stderr.write(
        `edgecall: eval: interrupted; resume with: edgecall eval --resume ${outcome.runDirectory}\n`,
      );
      return 130;
    }
    if (options.shard !== undefined) {
      const name = `shard ${options.shard.index}/${options.shard.count}`;
      if (summary.planned === 0)
        process.stderr.write(
          `edgecall: eval: warning: ${name} has no samples (the plan has fewer samples than shards)\n`,
        );
      process.stderr.write(
        `edgecall: eval: ${name} finished; once every shard has, ` +
          `join them with: edgecall merge ${outcome.runDirectory} <the other shards' run directories>\n`,
      );
    }
    return failUnderCode(summary, options);
  } finally {
    interrupts.dispose();
    await closeMcpSources(sources);
  }
}
