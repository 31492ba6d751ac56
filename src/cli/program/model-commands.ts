/** Registers the model commands: `run`, `serve`, `parse`, `inspect`, `synth` and `bench`. */
import { type Command, Option } from "commander";
import { addModelOptions, gpuOption } from "../model-options.js";
import { choiceOption, integerOption, numberOption } from "../option-parsers.js";
import { mcpEnvOption, mcpHeaderOption, mcpOption } from "./mcp-option.js";
import { allowedHostsOption, corsOption } from "./web-guard-option.js";

/** Adds the commands that run, decode, describe, write and benchmark models. */
export function registerModelCommands(program: Command): void {
  addModelOptions(
    program
      .command("run")
      .description("one model call with tools; prints the reply, tool calls, tokens and timing")
      .argument("<prompt>", "the user message"),
  )
    .option(
      "--tools <file>",
      "tools as JSON (an array of {name, description, parameters}), or 'assistant' (the assistant suite)",
    )
    .addOption(mcpOption("also offer"))
    .addOption(mcpEnvOption())
    .addOption(mcpHeaderOption())
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
    .option(
      "--raw",
      "plain completion of <prompt> (BOS + text, no chat template, no tools), for base models (GGUF)",
    )
    .action(async (prompt: string, options) => {
      const { runCommand } = await import("../commands/run-command.js");
      process.exitCode = await runCommand(prompt, options);
    });

  addModelOptions(
    program
      .command("serve")
      .description(
        "serve the model over an OpenAI-compatible API (/v1/chat/completions with tools, /v1/responses, /v1/models) until Ctrl-C",
      ),
  )
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--port <n>", "port to listen on (0: any free port)", integerOption(0, 65535), 8080)
    .option("--model-name <name>", "the model id clients see (default: the file name without .gguf)")
    .option("--constrained", "grammar-constrain calls to the offered tools' schemas (llama-cpp backend)")
    .option(
      "--api-key <key>",
      "require Authorization: Bearer KEY (default: $EDGECALL_API_KEY when set; prefer it: ps shows this flag to every user)",
    )
    .option(
      "--max-pending <n>",
      "most chat completions generating or waiting at once; more get 503 with Retry-After (default 16, 0: no limit)",
      integerOption(0),
    )
    .option(
      "--max-body-mib <n>",
      "largest request body in MiB, on every route; larger gets 413 (default 8)",
      integerOption(1, 1024),
    )
    .option(
      "--responses-store-mib <n>",
      "MiB of /v1/responses items kept for previous_response_id, oldest forgotten first (default 16; 0: none)",
      integerOption(0, 65536),
    )
    .option("--verbose", "log each request on stderr")
    .addOption(allowedHostsOption())
    .addOption(corsOption())
    .option(
      "--record <file>",
      "append each request and response to FILE.jsonl ({request, response} lines; --suite traces:FILE reads them)",
    )
    .action(async (options) => {
      const { serveCommand } = await import("../commands/serve-command.js");
      process.exitCode = await serveCommand(options);
    });

  program
    .command("parse")
    .description("parse raw model output from stdin with a tool-call format")
    .requiredOption(
      "--format <name>",
      "qwen3 | qwen3.5 | lfm2 | minicpm | llama3 | mistral | pythonic | json | functiongemma",
    )
    .option("--tools <file>", "tools JSON, to type the values of XML formats")
    .option("--json", "print one JSON document")
    .action(async (options) => {
      const { parseCommand } = await import("../commands/parse-command.js");
      process.exitCode = await parseCommand(options);
    });

  program
    .command("inspect")
    .description("validate a GGUF file and print its architecture, size, quantisation and metadata")
    .argument("<file>", "a .gguf file, or hf:OWNER/REPO[:QUANT|/FILE.gguf] (downloaded once into the cache)")
    .option("--json", "print one JSON document")
    .action(async (file: string, options) => {
      const { inspectCommand } = await import("../commands/inspect-command.js");
      process.exitCode = await inspectCommand(file, options);
    });

  program
    .command("synth")
    .description("write a random-weight GGUF of a real model's shape (for speed, memory and tests)")
    .option(
      "--arch <arch>",
      "llama | qwen3 | qwen35 | lfm2 | gemma3 (implied by a named preset; fills in a shape file without one)",
    )
    .option(
      "--preset <name>",
      "tiny | qwen3-0.6b | qwen3.5-0.8b | qwen3.5-2b | lfm2.5-1.2b | minicpm5-1b | llama3.2-1b | gemma3-270m | functiongemma-270m",
    )
    .option("--shape <file>", "a custom shape as JSON")
    .requiredOption("--quant <type>", "f32 | f16 | bf16 | q8_0 | q4_0 | q4_k_m")
    .option(
      "--chat-template <name>",
      "qwen3 | qwen3.5 | lfm2 | minicpm5 | llama3 | mistral | functiongemma | chatml-plain (shows no tools) | none (no template)",
    )
    .option("--seed <n>", "random seed", integerOption(0))
    .requiredOption("-o, --output <file>", "the .gguf file to write")
    .option("--json", "print one JSON document")
    .action(async (options) => {
      const { synthCommand } = await import("../commands/synth-command.js");
      process.exitCode = await synthCommand(options);
    });

  program
    .command("bench")
    .description(
      "load time, time to first token, prefill/decode tokens/s, peak and context memory of a model",
    )
    .option(
      "--model <spec>",
      "a .gguf file, hf:OWNER/REPO[:QUANT|/FILE.gguf], demo (random weights), or a server: openai:URL#MODEL, llama-server:URL",
    )
    .option("--shape <preset>", "a preset shape, synthesised once with random weights (e.g. qwen3.5-0.8b)")
    .option("--arch <arch>", "llama | qwen3 | qwen35 | lfm2 | gemma3 (for --shape tiny)")
    .option(
      "--quant <type>",
      "quantisation of --shape: f32 | f16 | bf16 | q8_0 | q4_0 | q4_k_m (default q4_0)",
    )
    .option("--prompt-tokens <n,...>", "prefill tests: prompt lengths (default 128,512,2048)")
    .option("--gen-tokens <n>", "decode test: tokens generated, no EOS stop (default 128)", integerOption(0))
    .option("--threads <n,...>", "CPU thread counts to sweep (default: all cores)")
    .option("--repeats <n>", "timed runs per test, after one warm-up run (default 3)", integerOption(1))
    .option("--context-size <n>", "context size of the tests (default: the largest test)", integerOption(16))
    .addOption(gpuOption())
    .option(
      "--browser",
      "also measure in a browser (a phone's, no install): serve a page running llama.cpp in WebAssembly, print its URL, wait for its figures, then bench in-process for the ratio",
    )
    .option(
      "--host <addr>",
      "with --browser: address to serve the page on (default 127.0.0.1; 0.0.0.0 for a phone on the LAN)",
    )
    .option(
      "--port <n>",
      "with --browser: port of the page (default: any free port)",
      integerOption(0, 65535),
    )
    .addOption(allowedHostsOption("with --browser: "))
    .option(
      "--browser-timeout <seconds>",
      "with --browser: give up when no browser has sent its figures after this long (default 1800)",
      integerOption(1),
    )
    .option("--json", "print one JSON document")
    .action(async (options) => {
      const { benchCommand } = await import("../commands/bench-command.js");
      process.exitCode = await benchCommand(options);
    });
}
