/** Registers the evaluation commands: `eval`, `merge`, `score bfcl`, `compare-quants`, `size` and `probe`. */
import { type Command, InvalidArgumentError, Option } from "commander";
import { confirmModes, guardsModes } from "../../eval/solver.js";
import { augmentationNames } from "../../suites/stateful/augment.js";
import {
  addHttpModelOptions,
  addInProcessModelOptions,
  addTemplateOptions,
  gpuOption,
} from "../model-options.js";
import { choiceOption, integerOption, numberOption, shardOption } from "../option-parsers.js";
import { mcpEnvOption, mcpHeaderOption, mcpOption } from "./mcp-option.js";

/** Parses `--augment a,b`: known names only, no duplicates. */
function augmentList(value: string): string[] {
  const names = value
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names)
    if (!(augmentationNames as readonly string[]).includes(name))
      throw new InvalidArgumentError(
        `unknown augmentation "${name}"; valid: ${augmentationNames.join(", ")}`,
      );
  return [...new Set(names)];
}

/** Options `compare-quants` and `probe` share with `eval`. */
function addRunOptions(command: Command): Command {
  return addTemplateOptions(addInProcessModelOptions(addHttpModelOptions(command)))
    .option("--out <dir>", "parent folder of new run directories (default ./edgecall-runs)")
    .option(
      "--concurrency <n>",
      "requests in flight at once (default 1); for a GGUF, context sequences evaluated together (up to 16)",
      integerOption(1),
    )
    .option("--repeats <k>", "run each sample k times, with seeds seed..seed+k-1", integerOption(1))
    .option("--seed <n>", "base sampling seed (default 0)", integerOption(0))
    .option("--format <name>", "tool-call format (default: detected from the GGUF chat template)")
    .addOption(gpuOption())
    .option(
      "--threads <n>",
      "CPU threads for llama.cpp (default: the idle cores; 1 for models under 64 MiB)",
      integerOption(1),
    )
    .option("--context-size <n>", "context size in tokens", integerOption(16))
    .option("--max-tokens <n>", "most tokens per model call", integerOption(1))
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
    .option("--json", "print one JSON document");
}

/** Adds the commands that run suites against models and score results. */
export function registerEvalCommands(program: Command): void {
  addRunOptions(
    program
      .command("eval")
      .description("run evaluation suites against a model into a resumable run directory")
      .option(
        "--model <spec>",
        "model: FILE.gguf | hf:OWNER/REPO[:QUANT|/FILE.gguf] | openai:URL[,URL...]#MODEL (a fleet) | llama-server:URL[,URL...] | replay:FILE.jsonl[?delayMs=N] | demo (random weights)",
      )
      .option("--suite <list>", "comma-separated suites and groups, e.g. bfcl:simple_python,assistant")
      .option("--bfcl-dir <dir>", "the BFCL v4 data folder (for bfcl:* suites)")
      .addOption(
        new Option(
          "--bfcl-mode <mode>",
          "BFCL: tools offered natively (fc) or documented in a prompt (prompt); default fc unless the format is pythonic",
        ).argParser(choiceOption(["prompt", "fc"] as const)),
      )
      .option("--limit <n>", "at most the first n samples of each suite", integerOption(1))
      .option(
        "--shard <i/n>",
        "run only shard i of n (every n-th sample, offset i-1); `edgecall merge` joins the shards' run directories",
        shardOption,
      )
      .addOption(mcpOption("add to every sample's offered tools (agent suites run them)"))
      .addOption(mcpEnvOption())
      .addOption(mcpHeaderOption())
      .addOption(
        new Option(
          "--confirm <mode>",
          "agent suites: who answers confirmations: user (the simulated user, default) | approve | deny | approve-if-user-asked",
        ).argParser(choiceOption(confirmModes)),
      )
      .addOption(
        new Option(
          "--guards <mode>",
          "agent suites: on (every call through the guards, default) | off (every call the model makes runs: the defence A/B switch)",
        ).argParser(choiceOption(guardsModes)),
      )
      .option(
        "--injections <file>",
        "security:injection: add a user's own payloads (JSON Lines; see docs/security.md)",
      )
      .option(
        "--judge-model <spec>",
        "security:harmful and traces' text turns: a model judging replies with a written rubric (default: the refusal check; traces: the text check)",
      )
      .option(
        "--user-model <spec>",
        "conversation suites: a model playing the user instead of the scripted user (any model spec)",
      )
      .option(
        "--augment <list>",
        `assistant:stateful: add each sample again with: ${augmentationNames.join(", ")} (comma-separated; each its own category)`,
        augmentList,
      )
      .option("--max-steps <n>", "agent suites: model calls per user turn (default 10)", integerOption(1))
      .option(
        "--token-budget <n>",
        "agent suites: most tokens per sample, input and output summed",
        integerOption(1),
      )
      .option("--resume <run_dir>", "continue an interrupted run: only samples without a result run")
      .option("--retry-errors", "with --resume: also rerun samples that ended in a harness error")
      .option("--fail-under <x>", "exit 100 when overall accuracy (0-1) is below x", numberOption(0, 1))
      .option(
        "--fail-under-each <x>",
        "exit 100 when any category's accuracy (0-1) is below x",
        numberOption(0, 1),
      ),
  ).action(async (options) => {
    const { evalCommand } = await import("../commands/eval-command.js");
    process.exitCode = await evalCommand(options);
  });

  program
    .command("merge")
    .description(
      "join the run directories of `eval --shard i/n` into one run directory, as if it had run whole",
    )
    .argument("<run_dirs...>", "every shard's run directory")
    .option("--out <dir>", "the merged run directory (default: beside the first shard, named ...-merged)")
    .option("--json", "print one JSON document (the eval summary)")
    .action(async (directories: string[], options) => {
      const { mergeCommand } = await import("../commands/merge-command.js");
      process.exitCode = await mergeCommand(directories, options);
    });

  const score = program
    .command("score")
    .description("score saved model results against a benchmark's answers");
  score
    .command("bfcl")
    .description('score BFCL result lines ({"id", "result"} per line) with the official checker rules')
    .requiredOption("--bfcl-dir <dir>", "the BFCL v4 data folder")
    .requiredOption("--results <file>", 'JSON Lines of {"id", "result": raw text | [{"NAME": {args}}]}')
    .option("--fc-names", 'compare function names in function-calling form ("." written as "_")')
    .option("--json", "print one JSON document")
    .action(async (options) => {
      const { scoreBfclCommand } = await import("../commands/score-command.js");
      process.exitCode = await scoreBfclCommand(options);
    });
  addRunOptions(
    program
      .command("compare-quants")
      .description(
        "run the same eval on several model files (quantisations) and compare them: paired McNemar tests, agreement, flips, speed, memory",
      )
      .option(
        "--model <spec>",
        "a model file (repeat for each; the first is the baseline): FILE.gguf | hf:OWNER/REPO[:QUANT|/FILE.gguf] | openai:URL#MODEL | replay:FILE.jsonl | demo",
        (value: string, previous: string[] = []) => [...previous, value],
      )
      .option("--suite <list>", "comma-separated suites and groups, e.g. assistant,bfcl:simple_python")
      .option("--bfcl-dir <dir>", "the BFCL v4 data folder (for bfcl:* suites)")
      .addOption(
        new Option(
          "--bfcl-mode <mode>",
          "BFCL: tools offered natively (fc) or documented in a prompt (prompt)",
        ).argParser(choiceOption(["prompt", "fc"] as const)),
      )
      .option("--limit <n>", "at most the first n samples of each suite", integerOption(1))
      .option("--bench", "also benchmark each GGUF file (pp512, tg128, peak memory) in a fresh process")
      .option("--resume <dir>", "continue an interrupted comparison directory"),
  ).action(async (options) => {
    const { compareQuantsCommand } = await import("../commands/compare-quants-command.js");
    process.exitCode = await compareQuantsCommand(options);
  });

  addRunOptions(
    program
      .command("size")
      .description(
        "which file to ship: accuracy, p90 latency and peak memory of each file against your budgets, and a recommended one",
      )
      .option(
        "--model <spec>",
        "a model file (repeat for each): FILE.gguf | hf:OWNER/REPO[:QUANT|/FILE.gguf] | openai:URL#MODEL | replay:FILE.jsonl | demo",
        (value: string, previous: string[] = []) => [...previous, value],
      )
      .option("--suite <list>", "comma-separated suites and groups (traces:FILE.jsonl for your own traces)")
      .option("--bfcl-dir <dir>", "the BFCL v4 data folder (for bfcl:* suites)")
      .option("--limit <n>", "at most the first n samples of each suite", integerOption(1))
      .option(
        "--max-latency-ms <n>",
        "budget: p90 time to a finished call",
        numberOption(0, Number.MAX_SAFE_INTEGER),
      )
      .option("--max-memory-mib <n>", "budget: peak memory in MiB", numberOption(0, Number.MAX_SAFE_INTEGER))
      .option("--min-accuracy <x>", "budget: overall accuracy, 0 to 1", numberOption(0, 1))
      .addOption(
        new Option(
          "--prefer <what>",
          "among files as accurate as the best: size (default) or speed",
        ).argParser(choiceOption(["size", "speed"] as const)),
      )
      .option("--no-bench", "skip the bench (peak memory then comes from the eval process)")
      .option("--resume <dir>", "continue an interrupted sizing (its comparison directory)"),
  ).action(async (options) => {
    const { sizeCommand } = await import("../commands/size-command.js");
    process.exitCode = await sizeCommand(options);
  });

  const probe = program
    .command("probe")
    .description("probe how accuracy changes with tools offered or context length");
  for (const kind of ["tools", "context"] as const)
    addRunOptions(
      probe
        .command(kind)
        .description(
          kind === "tools"
            ? "the same requests with 1, 5, 10, 20, 50, 100 tools offered (the right one plus distractors)"
            : "the same requests after 0, 1k, 4k, 8k, 16k, 32k tokens of prior conversation",
        )
        .option(
          "--model <spec>",
          "model: FILE.gguf | hf:OWNER/REPO[:QUANT|/FILE.gguf] | openai:URL#MODEL | replay:FILE.jsonl | demo",
        )
        .option(
          "--steps <list>",
          kind === "tools"
            ? "tool counts (default 1,5,10,20,50,100)"
            : "prior-conversation tokens, k = 1024 (default 0,1k,4k,8k,16k,32k)",
        )
        .option(
          "--limit <n>",
          `base requests from the suite (default ${kind === "tools" ? 40 : 20})`,
          integerOption(1),
        )
        .option(
          "--tolerance <x>",
          "accuracy drop (0-1) still counted as holding up (default 0.05)",
          numberOption(0, 1),
        )
        .option(
          "--suite <name>",
          "where the base requests come from: assistant:single (default) or traces:FILE.jsonl (your own traces)",
        )
        .option("--bfcl-dir <dir>", "the BFCL v4 data folder (its function docs serve as distractors)")
        .option("--resume <run_dir>", "continue an interrupted probe run"),
    ).action(async (options) => {
      const { probeCommand } = await import("../commands/probe-command.js");
      process.exitCode = await probeCommand(kind, options);
    });
}
