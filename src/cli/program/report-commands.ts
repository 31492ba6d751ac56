/** Registers the report commands: `report` and `compare`. */
import type { Command } from "commander";

/** Adds the commands that turn run directories into reports people can read. */
export function registerReportCommands(program: Command): void {
  program
    .command("report")
    .description("write a run's self-contained HTML report (charts, per-sample transcripts); prints its path")
    .argument("<run_dir>", "an eval run directory (or one holding a bench.json)")
    .option("--html <file>", "where to write it (default RUN_DIR/report.html)")
    .option(
      "--with <run_dir>",
      "another run (e.g. another quantisation) to show side by side (repeatable)",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .action(async (runDirectory: string, options) => {
      const { reportCommand } = await import("../commands/report-command.js");
      process.exitCode = await reportCommand(runDirectory, options);
    });

  program
    .command("compare")
    .description(
      "compare two runs per category: paired difference, exact McNemar test, flipped samples, speed",
    )
    .argument("<run_a>", "the first run directory")
    .argument("<run_b>", "the second run directory")
    .option("--html <file>", "also write a self-contained compare page")
    .option("--force", "compare even when the runs used different suite versions")
    .option("--json", "print one JSON document")
    .action(async (runA: string, runB: string, options) => {
      const { compareCommand } = await import("../commands/compare-command.js");
      process.exitCode = await compareCommand(runA, runB, options);
    });
}
