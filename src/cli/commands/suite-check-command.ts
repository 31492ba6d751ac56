/**
 * `edgecall suite check SUITE...`: runs every sample's reference solution (a replayed perfect model)
 * and a null model (answers in text, never calls a tool) through the suite's real solver and scorer.
 * and the suite's counterfeits (near-miss wrong answers; every one must fail). Prints a table (or
 * with `--json` DESIGN's `suite check` document); exits 1 when any reference solution fails or any
 * counterfeit passes, naming each with the scorer's explanation.
 */

import type { CounterfeitLimit } from "../../eval/counterfeit-check.js";
import { createSuites, resolveSuiteNames } from "../../eval/suite-catalog.js";
import { checkSuites, type SuiteCheck, type SuiteCheckProgress } from "../../eval/suite-check.js";
import { defaultSuiteCatalog } from "../../suites/default-catalog.js";
import { formatDuration } from "../../text/duration.js";
import { percentOf } from "../../text/percent.js";
import { ProgressLine } from "../../text/progress-line.js";
import { textTable } from "../../text/text-table.js";

/** Parsed options of `edgecall suite check`. */
export interface SuiteCheckOptions {
  bfclDir?: string;
  augment?: string[];
  injections?: string;
  concurrency?: number;
  /** Counterfeits tried per kind and suite (`--counterfeits N|all`). */
  counterfeits?: CounterfeitLimit;
  json?: boolean;
}

/** Readable lines of a suite's own check figures (`attacks`, `benignTwins`), one per figure. */
function ownCheckLines(check: SuiteCheck): string[] {
  const lines: string[] = [];
  for (const [field, value] of Object.entries(check)) {
    if (
      ["suite", "samples", "gold", "null", "counterfeits", "withoutReference", "checkFailures"].includes(
        field,
      )
    )
      continue;
    lines.push(`${field}: ${JSON.stringify(value)}`);
  }
  return lines;
}

/**
 * Progress of a check on `line`: a phase per stage of each suite (`[2/3] security:injection: null
 * model 12/40`), counted per sample.
 */
export function suiteCheckProgress(line: ProgressLine): (event: SuiteCheckProgress) => void {
  return (event) => {
    if (event.type === "sample") {
      line.advance();
      return;
    }
    const position = event.suites > 1 ? `[${event.index + 1}/${event.suites}] ` : "";
    line.phase(`${position}${event.suite}: ${event.stage}`, { total: event.total });
  };
}

/** Runs the command; returns the exit code. */
export async function suiteCheckCommand(
  names: readonly string[],
  options: SuiteCheckOptions,
): Promise<number> {
  const catalog = defaultSuiteCatalog();
  const suiteNames = resolveSuiteNames(catalog, names.join(","));
  const suites = await createSuites(catalog, suiteNames, {
    options: {
      "bfcl-dir": options.bfclDir,
      "bfcl-mode": "fc",
      augment: options.augment ?? [],
      injections: options.injections,
    },
  });
  for (const suite of suites)
    for (const note of suite.notes ?? []) process.stderr.write(`edgecall: suite check: note: ${note}\n`);
  const progress = new ProgressLine({ label: "suite check" });
  const started = performance.now();
  let checks: SuiteCheck[];
  try {
    checks = await checkSuites(suites, {
      concurrency: options.concurrency ?? 2,
      ...(options.counterfeits === undefined ? {} : { counterfeits: options.counterfeits }),
      onProgress: suiteCheckProgress(progress),
    });
  } finally {
    progress.finish();
  }
  progress.note(
    `${suites.length} suite${suites.length === 1 ? "" : "s"} checked in ${formatDuration((performance.now() - started) / 1000)}`,
  );
  const failures = checks.flatMap((check) =>
    check.gold.failed.map((id) => ({ id, why: check.gold.explanations[id] ?? "" })),
  );
  const ownFailures = checks.flatMap((check) => check.checkFailures ?? []);
  const fooled = checks.flatMap((check) =>
    (check.counterfeits?.examples ?? [])
      .filter((trial) => trial.passed)
      .map((trial) => ({ suite: check.suite, trial })),
  );
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ suites: checks }, null, 2)}\n`);
  } else {
    const header = ["suite", "samples", "gold passed", "null passed", "counterfeits passed", "no reference"];
    const rows = checks.map((check) => [
      check.suite,
      String(check.samples),
      `${check.gold.passed}/${check.samples - check.withoutReference.length}`,
      `${check.null.passed} (${percentOf(check.null.passed, check.samples)})`,
      check.counterfeits === undefined
        ? "none declared"
        : `${check.counterfeits.passed}/${check.counterfeits.tried}`,
      String(check.withoutReference.length),
    ]);
    const table = textTable([header, ...rows], { align: () => "left", trimEnd: true });
    process.stdout.write(`${table}\n`);
    for (const failure of failures) process.stdout.write(`gold failed: ${failure.id}: ${failure.why}\n`);
    for (const { suite, trial } of fooled)
      process.stdout.write(
        `counterfeit passed: ${suite}: ${trial.id} (${trial.kind}: ${trial.why}): the scorer said: ${trial.explanation}\n`,
      );
    for (const check of checks) {
      const lines = ownCheckLines(check);
      if (lines.length > 0)
        process.stdout.write(`${check.suite}:\n${lines.map((line) => `  ${line}\n`).join("")}`);
    }
    for (const failure of ownFailures) process.stdout.write(`check failed: ${failure.id}: ${failure.why}\n`);
  }
  if (ownFailures.length > 0)
    process.stderr.write(`edgecall: suite check: ${ownFailures.length} of the suites' own checks failed\n`);
  if (failures.length > 0) {
    process.stderr.write(
      `edgecall: suite check: ${failures.length} reference solution(s) failed their own scorer\n`,
    );
    return 1;
  }
  if (fooled.length > 0) {
    process.stderr.write(
      `edgecall: suite check: ${fooled.length} counterfeit(s) passed their scorer: ${fooled.map(({ suite, trial }) => `${suite} ${trial.id} (${trial.kind})`).join(", ")}\n`,
    );
    return 1;
  }
  const weak = checks.filter((check) => check.null.ok === false);
  if (weak.length > 0) {
    for (const check of weak)
      process.stderr.write(
        `edgecall: suite check: ${check.suite}: the null model passed ${check.null.unexpected?.length} sample(s) it should fail (more than 10%): ${check.null.unexpected?.join(", ")}\n`,
      );
    return 1;
  }
  return ownFailures.length > 0 ? 1 : 0;
}
