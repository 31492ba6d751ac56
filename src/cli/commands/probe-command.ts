/**
 * `edgecall probe tools|context`: the tool-count and context probes (src/probes). Each writes one
 * run directory with one category per step; prints the step table (or, with `--json`, the run's
 * summary.json with its `probe` section) on stdout and progress on stderr. Ctrl-C stops like
 * `eval` (exit 130); `--resume RUN_DIR` continues.
 */

import { parseSteps } from "../../probes/probe-steps.js";
import { renderProbeTable } from "../../probes/probe-table.js";
import { type ProbeOptions, runProbe } from "../../probes/run-probe.js";
import { listenForInterrupts } from "../interrupts.js";
import { type RunCommandOptions, runSettings } from "../run-options.js";

/** Parsed options of `edgecall probe tools|context`. */
export interface ProbeCommandOptions extends RunCommandOptions {
  model?: string;
  steps?: string;
  limit?: number;
  tolerance?: number;
  bfclDir?: string;
  suite?: string;
  json?: boolean;
}

/** Runs `probe <kind>`; returns the exit code. */
export async function probeCommand(
  kind: ProbeOptions["kind"],
  options: ProbeCommandOptions,
): Promise<number> {
  const steps =
    options.steps === undefined ? undefined : parseSteps(options.steps, "--steps", kind === "tools" ? 1 : 0);
  const interrupts = listenForInterrupts("probe");
  try {
    const outcome = await runProbe({
      kind,
      model: options.model,
      steps,
      limit: options.limit,
      tolerance: options.tolerance,
      bfclDir: options.bfclDir,
      suite: options.suite,
      ...runSettings(options, interrupts.signal),
    });
    const { summary } = outcome;
    if (options.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    else
      process.stdout.write(
        renderProbeTable(
          summary.probe,
          outcome.runDirectory,
          summary.randomWeights,
          process.stdout.isTTY === true,
        ),
      );
    if (outcome.interrupted) {
      process.stderr.write(
        `edgecall: probe: interrupted; resume with: edgecall probe ${kind} --resume ${outcome.runDirectory}\n`,
      );
      return 130;
    }
    return 0;
  } finally {
    interrupts.dispose();
  }
}
