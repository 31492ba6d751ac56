/** Registers the commands that turn suites into training material: `export` and `reward`. */
import { type Command, Option } from "commander";
import { choiceOption, integerOption } from "../option-parsers.js";

/** Adds `export` and `reward`. */
export function registerTrainingCommands(program: Command): void {
  const bfclOptions = (command: Command): Command =>
    command
      .option("--bfcl-dir <dir>", "the BFCL v4 data folder (for bfcl:* suites)")
      .addOption(
        new Option("--bfcl-mode <mode>", "BFCL: fc (default) or prompt").argParser(
          choiceOption(["prompt", "fc"] as const),
        ),
      );
  bfclOptions(
    program
      .command("export")
      .description(
        "write suites as training material: sft (reference solutions as OpenAI fine-tuning chats) or rewards (a JS reward module)",
      )
      .requiredOption("--suite <list>", "comma-separated suites and groups (traces:FILE.jsonl included)")
      .addOption(
        new Option("--as <kind>", "sft | rewards")
          .makeOptionMandatory()
          .argParser(choiceOption(["sft", "rewards"] as const)),
      )
      .requiredOption("-o, --output <file>", "the file to write (.jsonl for sft, .mjs for rewards)")
      .option("--limit <n>", "at most the first n samples of each suite", integerOption(1))
      .option(
        "--format <name>",
        "rewards: the tool-call format raw completions are parsed with (default json)",
      )
      .option("--concurrency <n>", "sft: samples run at once (default 2)", integerOption(1))
      .option("--json", "print one JSON document"),
  ).action(async (options) => {
    const { exportCommand } = await import("../commands/export-command.js");
    process.exitCode = await exportCommand(options);
  });
  bfclOptions(
    program
      .command("reward")
      .description(
        'reward trajectories with the suites: {"id", "messages"} lines on stdin (OpenAI-format conversations, replayed in the sample\'s world; or {"id", "completion"}), {"id", "score", "passed", "explanation", "notes"?} lines on stdout',
      )
      .requiredOption("--suite <list>", "comma-separated suites and groups (traces:FILE.jsonl included)")
      .option("--format <name>", "the tool-call format raw completions are parsed with (default json)"),
  ).action(async (options) => {
    const { rewardCommand } = await import("../commands/reward-command.js");
    process.exitCode = await rewardCommand(options);
  });
}
