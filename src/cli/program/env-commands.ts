/** Registers `env serve`: the suites as training environments (OpenEnv's reset/step/state over HTTP). */
import { type Command, Option } from "commander";
import { choiceOption, integerOption } from "../option-parsers.js";
import { allowedHostsOption, corsOption } from "./web-guard-option.js";

/** Adds `env` and its subcommand `serve`. */
export function registerEnvCommands(program: Command): void {
  const env = program.command("env").description("the suites as training environments");
  env
    .command("serve")
    .description(
      "serve the suites as OpenEnv-style environments: POST /reset, POST /step (an assistant message), GET /state, /ws, until Ctrl-C",
    )
    .requiredOption("--suite <list>", "comma-separated suites and groups")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--port <n>", "port to listen on (0: any free port)", integerOption(0, 65535), 8300)
    .option("--limit <n>", "at most the first n samples of each suite", integerOption(1))
    .option(
      "--max-episodes <n>",
      "most episodes open at once; a reset beyond gets 503",
      integerOption(1, 100_000),
      64,
    )
    .option(
      "--idle-timeout <seconds>",
      "an episode waiting this long for its next step is closed",
      integerOption(1, 86_400),
      600,
    )
    .option(
      "--max-body-mib <n>",
      "largest request body in MiB; larger gets 413 (default 1)",
      integerOption(1, 1024),
    )
    .option("--bfcl-dir <dir>", "the BFCL v4 data folder (for bfcl:* suites)")
    .addOption(
      new Option("--bfcl-mode <mode>", "BFCL: fc (default) or prompt").argParser(
        choiceOption(["prompt", "fc"] as const),
      ),
    )
    .addOption(allowedHostsOption())
    .addOption(corsOption())
    .option("--verbose", "log each request on stderr")
    .action(async (options) => {
      const { envServeCommand } = await import("../commands/env-serve-command.js");
      process.exitCode = await envServeCommand(options);
    });
}
