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

program
  .command("bench")
  .description("load time, time to first token, prefill/decode tokens/s, peak and context memory of a model")
  .option("--model <spec>", "a .gguf file, or demo (random weights)")
  .option("--shape <preset>", "a preset shape, synthesised once with random weights (e.g. qwen3.5-0.8b)")
  .option("--arch <arch>", "llama | qwen3 | qwen35 | lfm2 (for --shape tiny)")
  .option("--quant <type>", "quantisation of --shape: f32 | f16 | bf16 | q8_0 | q4_0 | q4_k_m (default q4_0)")
  .option("--prompt-tokens <n,...>", "prefill tests: prompt lengths (default 128,512,2048)")
  .option("--gen-tokens <n>", "decode test: tokens generated, no EOS stop (default 128)", integerOption(0))
  .option("--threads <n,...>", "CPU thread counts to sweep (default: all cores)")
  .option("--repeats <n>", "timed runs per test, after one warm-up run (default 3)", integerOption(1))
  .option("--context-size <n>", "context size of the tests (default: the largest test)", integerOption(16))
  .addOption(
    new Option("--gpu <mode>", "auto: use the GPU node-llama-cpp detects; off: CPU only")
      .default("auto")
      .argParser(choiceOption(["auto", "off"] as const)),
  )
  .option("--json", "print one JSON document")
  .action(async (options) => {
    const { benchCommand } = await import("./commands/bench-command.js");
    process.exitCode = await benchCommand(options);
  });

addModelOptions(
  program
    .command("chat")
    .description(
      "chat with a model that uses the assistant tools (and MCP servers' tools) through the guards",
    ),
)
  .option(
    "--state <dir>",
    "the assistant world's folder (default: $EDGECALL_STATE_DIR or ~/.local/share/edgecall/state)",
  )
  .option(
    "--mcp <command>",
    'also offer the tools of the MCP server this command starts, e.g. "npx -y some-mcp-server" (repeatable)',
    (value: string, previous: string[] = []) => [...previous, value],
  )
  .option("--system <text>", "the system message (default: a short assistant brief)")
  .option("--max-steps <n>", "most model calls per turn", integerOption(1), 8)
  .option("--max-tokens <n>", "most tokens per model call", integerOption(1), 1024)
  .option("--temperature <t>", "sampling temperature (0 = greedy)", numberOption(0, 10))
  .option("--seed <n>", "sampling seed", integerOption(0))
  .action(async (options) => {
    const { chatCommand } = await import("./commands/chat-command.js");
    process.exitCode = await chatCommand(options);
  });

const tools = program
  .command("tools")
  .description("list the assistant tools, or call one through the guards");
tools
  .command("list")
  .description("list the assistant tools with their side-effect classes")
  .option("--json", "print one JSON document")
  .action(async (options) => {
    const { toolsListCommand } = await import("./commands/tools-command.js");
    process.exitCode = await toolsListCommand(options);
  });
tools
  .command("call")
  .description("call one assistant tool through the guards (schema, preconditions, confirmation)")
  .argument("<name>", "the tool's name, e.g. files_list")
  .option("--args <json>", "the arguments as a JSON object", "{}")
  .option(
    "--state <dir>",
    "the assistant world's folder (default: $EDGECALL_STATE_DIR or ~/.local/share/edgecall/state)",
  )
  .option("--yes", "confirm a call that needs confirmation without asking")
  .option("--json", "print one JSON document")
  .action(async (name: string, options) => {
    const { toolsCallCommand } = await import("./commands/tools-command.js");
    process.exitCode = await toolsCallCommand(name, options);
  });

const mcp = program
  .command("mcp")
  .description("Model Context Protocol: serve the assistant tools to MCP clients");
mcp
  .command("serve")
  .description(
    "serve the assistant tools over stdio (calls that need confirmation ask the client, or need --yes)",
  )
  .option(
    "--state <dir>",
    "the assistant world's folder (default: $EDGECALL_STATE_DIR or ~/.local/share/edgecall/state)",
  )
  .option("--yes", "approve every call that needs confirmation (external, payment, tainted writes)")
  .action(async (options) => {
    const { mcpServeCommand } = await import("./commands/mcp-command.js");
    process.exitCode = await mcpServeCommand(options);
  });

program
  .command("eval")
  .description("run evaluation suites against a model into a resumable run directory")
  .option(
    "--model <spec>",
    "model: FILE.gguf | openai:URL#MODEL | replay:FILE.jsonl[?delayMs=N] | demo (random weights)",
  )
  .option("--suite <list>", "comma-separated suites and groups, e.g. bfcl:simple_python,assistant")
  .option("--bfcl-dir <dir>", "the BFCL v4 data folder (for bfcl:* suites)")
  .addOption(
    new Option(
      "--bfcl-mode <mode>",
      "BFCL: tools offered natively (fc) or documented in a prompt (prompt); default fc unless the format is pythonic",
    ).argParser(choiceOption(["prompt", "fc"] as const)),
  )
  .option("--out <dir>", "parent folder of new run directories (default ./edgecall-runs)")
  .option("--concurrency <n>", "requests in flight at once (default 1)", integerOption(1))
  .option(
    "--repeats <k>",
    "run each sample k times, with seeds seed..seed+k-1 (reports pass^k)",
    integerOption(1),
  )
  .option("--limit <n>", "at most the first n samples of each suite", integerOption(1))
  .option("--seed <n>", "base sampling seed (default 0)", integerOption(0))
  .option("--resume <run_dir>", "continue an interrupted run: only samples without a result run")
  .option("--retry-errors", "with --resume: also rerun samples that ended in a harness error")
  .option("--fail-under <x>", "exit 100 when overall accuracy (0-1) is below x", numberOption(0, 1))
  .option(
    "--fail-under-each <x>",
    "exit 100 when any category's accuracy (0-1) is below x",
    numberOption(0, 1),
  )
  .option("--format <name>", "tool-call format (default: detected from the GGUF chat template)")
  .addOption(
    new Option("--gpu <mode>", "auto: use the GPU node-llama-cpp detects; off: CPU only")
      .default("auto")
      .argParser(choiceOption(["auto", "off"] as const)),
  )
  .option("--threads <n>", "CPU threads for llama.cpp (default: all cores)", integerOption(1))
  .option("--context-size <n>", "context size in tokens (default: min(model's, 4096))", integerOption(16))
  .option("--max-tokens <n>", "most tokens per model call (default 1024)", integerOption(1))
  .option("--temperature <t>", "sampling temperature (default: the backend's, greedy)", numberOption(0, 10))
  .option("--top-p <p>", "nucleus sampling", numberOption(0, 1))
  .option("--top-k <k>", "top-k sampling", integerOption(0))
  .option("--constrained", "grammar-constrain calls to the tools' schemas (llama-cpp backend)")
  .addOption(
    new Option("--tool-choice <choice>", "auto | required | none").argParser(
      choiceOption(["auto", "required", "none"] as const),
    ),
  )
  .option("--no-cache", "do not read or write the response cache")
  .option(
    "--cache-dir <dir>",
    "folder of the response cache (default: $EDGECALL_CACHE_DIR or ~/.cache/edgecall)",
  )
  .option("--no-progress", "no progress output on stderr")
  .option("--json", "print one JSON document")
  .action(async (options) => {
    const { evalCommand } = await import("./commands/eval-command.js");
    process.exitCode = await evalCommand(options);
  });

const score = program.command("score").description("score saved model results against a benchmark's answers");
score
  .command("bfcl")
  .description('score BFCL result lines ({"id", "result"} per line) with the official checker rules')
  .requiredOption("--bfcl-dir <dir>", "the BFCL v4 data folder")
  .requiredOption("--results <file>", 'JSON Lines of {"id", "result": raw text | [{"NAME": {args}}]}')
  .option("--fc-names", 'compare function names in function-calling form ("." written as "_")')
  .option("--json", "print one JSON document")
  .action(async (options) => {
    const { scoreBfclCommand } = await import("./commands/score-command.js");
    process.exitCode = await scoreBfclCommand(options);
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
