/**
 * The `edgecall` command line. Each command's implementation is imported only when that command
 * runs, so `edgecall --help` starts fast and never loads node-llama-cpp.
 *
 * Exit codes (the CLI contract, docs/architecture.md): 0 ok; 1 error (`edgecall: <what>: <why>` on stderr); 2 usage;
 * 100 an eval below `--fail-under`; 130 interrupted.
 */
import { Command, CommanderError } from "commander";
import { errorMessage } from "../error-message.js";
import { isEdgecallError } from "../errors.js";
import { terminalSafe } from "../text/terminal-safe.js";
import { registerAssistantCommands } from "./program/assistant-commands.js";
import { registerEnvCommands } from "./program/env-commands.js";
import { registerEvalCommands } from "./program/eval-commands.js";
import { registerModelCommands } from "./program/model-commands.js";
import { registerReportCommands } from "./program/report-commands.js";
import { registerSuiteCommands } from "./program/suite-commands.js";
import { registerTrainingCommands } from "./program/training-commands.js";

const program = new Command();
program
  .name("edgecall")
  .description("Run small tool-calling language models on your own device, and measure them.")
  .version(process.env.npm_package_version ?? "0.1.0", "--version")
  .showHelpAfterError("(run with --help for usage)")
  .exitOverride();
registerModelCommands(program);
registerAssistantCommands(program);
registerEvalCommands(program);
registerReportCommands(program);
registerSuiteCommands(program);
registerTrainingCommands(program);
registerEnvCommands(program);

/** Prints an error the way the CLI contract (docs/architecture.md) says and returns the exit code. */
function reportError(error: unknown): number {
  if (error instanceof CommanderError) {
    if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return 0;
    if (error.code === "commander.help") return 0;
    return 2; // commander has already printed the message
  }
  if (isEdgecallError(error)) {
    // Messages may quote what a server or a file said: escaped, kept to a few lines' length.
    process.stderr.write(`edgecall: ${terminalSafe(error.message, { multiline: true, maxLength: 4000 })}\n`);
    if (process.env.EDGECALL_DEBUG && error.cause) console.error(error.cause);
    return error.code === "usage" ? 2 : error.code === "aborted" ? 130 : 1;
  }
  const message = errorMessage(error);
  process.stderr.write(
    `edgecall: internal error: ${terminalSafe(message, { multiline: true, maxLength: 4000 })}\n`,
  );
  if (process.env.EDGECALL_DEBUG) console.error(error);
  return 1;
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = reportError(error);
}
