/**
 * The `edgecall` command line. Each command's implementation is imported only when that command
 * runs, so `edgecall --help` starts fast and never loads node-llama-cpp.
 *
 * Exit codes (DESIGN.md): 0 ok; 1 error (`edgecall: <what>: <why>` on stderr); 2 usage;
 * 100 an eval below `--fail-under`; 130 interrupted.
 */
import { Command, CommanderError, Option } from "commander";
import { isEdgecallError } from "../errors.js";
import { addModelOptions } from "./model-options.js";
import { choiceOption, integerOption, numberOption } from "./option-parsers.js";

const program = new Command();
program
  .name("edgecall")
  .description("Run small tool-calling language models on your own device, and measure them.")
  .version(process.env.npm_package_version ?? "0.1.0", "--version")
  .showHelpAfterError("(run with --help for usage)")
  .exitOverride();

addModelOptions(
  program
    .command("run")
    .description("one model call with tools; prints the reply, tool calls, tokens and timing")
    .argument("<prompt>", "the user message"),
)
  .option("--tools <file>", "tools as JSON (an array of {name, description, parameters}), or 'assistant'")
  .option("--system <text>", "a system message")
  .option("--constrained", "grammar-constrain calls to the tools' schemas (llama-cpp backend)")
  .addOption(
    new Option("--tool-choice <choice>", "auto | required | none")
      .default("auto")
      .argParser(choiceOption(["auto", "required", "none"] as const)),
  )
  .option("--max-tokens <n>", "most tokens to generate", integerOption(1), 512)
  .option("--temperature <t>", "sampling temperature (0 = greedy)", numberOption(0, 10))
  .option("--top-p <p>", "nucleus sampling", numberOption(0, 1))
  .option("--top-k <k>", "top-k sampling", integerOption(0))
  .option("--seed <n>", "sampling seed", integerOption(0))
  .option("--json", "print one JSON document")
  .action(async (prompt: string, options) => {
    const { runCommand } = await import("./commands/run-command.js");
    process.exitCode = await runCommand(prompt, options);
  });

program
  .command("parse")
  .description("parse raw model output from stdin with a tool-call format")
  .requiredOption("--format <name>", "qwen3 | qwen3.5 | lfm2 | minicpm | llama3 | mistral | pythonic | json")
  .option("--tools <file>", "tools JSON, to type the values of XML formats")
  .option("--json", "print one JSON document")
  .action(async (options) => {
    const { parseCommand } = await import("./commands/parse-command.js");
    process.exitCode = await parseCommand(options);
  });

program
  .command("inspect")
  .description("validate a GGUF file and print its architecture, size, quantisation and metadata")
  .argument("<file>", "a .gguf file")
  .option("--json", "print one JSON document")
  .action(async (file: string, options) => {
    const { inspectCommand } = await import("./commands/inspect-command.js");
    process.exitCode = await inspectCommand(file, options);
  });

program
  .command("synth")
  .description("write a random-weight GGUF of a real model's shape (for speed, memory and tests)")
  .option("--arch <arch>", "llama | qwen3 | qwen35 | lfm2 (implied by a named preset)")
  .option(
    "--preset <name>",
    "tiny | qwen3-0.6b | qwen3.5-0.8b | qwen3.5-2b | lfm2.5-1.2b | minicpm5-1b | llama3.2-1b",
  )
  .option("--shape <file>", "a custom shape as JSON")
  .requiredOption("--quant <type>", "f32 | f16 | bf16 | q8_0 | q4_0")
  .option("--chat-template <name>", "qwen3 | qwen3.5 | lfm2 | minicpm5 | llama3 | mistral")
  .option("--seed <n>", "random seed", integerOption(0))
  .requiredOption("-o, --output <file>", "the .gguf file to write")
  .option("--json", "print one JSON document")
  .action(async (options) => {
    const { synthCommand } = await import("./commands/synth-command.js");
    process.exitCode = await synthCommand(options);
  });

/** Prints an error the way DESIGN.md's contract says and returns the exit code. */
function reportError(error: unknown): number {
  if (error instanceof CommanderError) {
    if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return 0;
    if (error.code === "commander.help") return 0;
    return 2; // commander has already printed the message
  }
  if (isEdgecallError(error)) {
    process.stderr.write(`edgecall: ${error.message}\n`);
    if (process.env.EDGECALL_DEBUG && error.cause) console.error(error.cause);
    return error.code === "usage" ? 2 : error.code === "aborted" ? 130 : 1;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`edgecall: internal error: ${message}\n`);
  if (process.env.EDGECALL_DEBUG) console.error(error);
  return 1;
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = reportError(error);
}
