/** Registers `edgecall suite check`: every suite's reference solutions and a null model through its real solver and scorer. */
import { type Command, InvalidArgumentError } from "commander";
import { type CounterfeitLimit, defaultCounterfeitLimit } from "../../eval/counterfeit-check.js";
import { augmentationNames } from "../../suites/stateful/augment.js";
import { integerOption } from "../option-parsers.js";

/** `--counterfeits`: a whole number or `all`. */
function counterfeitLimitOption(value: string): CounterfeitLimit {
  if (value.trim() === "all") return "all";
  if (!/^\d+$/.test(value.trim()))
    throw new InvalidArgumentError(`expected a whole number or 'all', got '${value}'`);
  return integerOption(0)(value);
}

/** Adds the `suite` commands. */
export function registerSuiteCommands(program: Command): void {
  const suite = program.command("suite").description("tools for suite authors");
  suite
    .command("check")
    .description(
      "run every sample's reference solution (all must pass), a null model (text only; must mostly fail) and the suite's counterfeits (near-miss wrong answers; all must fail) through the suite's own solver and scorer",
    )
    .argument(
      "<suites...>",
      "suites and groups (space- or comma-separated), e.g. assistant:stateful bfcl:simple_python",
    )
    .option("--injections <file>", "security:injection: also check a user's own payloads (JSON Lines)")
    .option("--bfcl-dir <dir>", "the BFCL v4 data folder (for bfcl:* suites)")
    .option(
      "--augment <list>",
      `assistant:stateful: also check the augmented copies (${augmentationNames.join(", ")})`,
      (value: string) =>
        value
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean),
    )
    .option("--concurrency <n>", "samples run at once (default 2)", integerOption(1))
    .option(
      "--counterfeits <n|all>",
      `near-miss wrong answers tried per kind and suite, chosen deterministically (default ${defaultCounterfeitLimit}; 0: none)`,
      counterfeitLimitOption,
    )
    .option("--json", "print one JSON document")
    .action(async (suites: string[], options) => {
      const { suiteCheckCommand } = await import("../commands/suite-check-command.js");
      process.exitCode = await suiteCheckCommand(suites, options);
    });
}
