import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { startFixtureServer } from "../src/backend/openai/fixture-server.test-support.js";
import { presetPlan, u32, withKv, writeHollowGguf } from "../src/gguf/hollow-model.test-support.js";
import { presetNames } from "../src/gguf/synth/presets.js";
import { synthArchitectures } from "../src/gguf/synth/shape.js";
import { synthQuantTypes } from "../src/gguf/synth/tensor-types.js";
import { runCli } from "./cli-helpers.test-support.js";

const traceImports = fileURLToPath(new URL("./support/trace-imports.mjs", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "edgecall-cli-"));

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("edgecall CLI", () => {
  it("--help lists the commands and never loads node-llama-cpp", async () => {
    const result = await runCli(["--help"], { nodeOptions: ["--import", traceImports] });
    assert.equal(result.code, 0);
    for (const command of ["run", "parse", "inspect", "synth"])
      assert.match(result.stdout, new RegExp(`\\b${command}\\b`));
    assert.match(result.stderr, /\[import\] .*commander/, "the import trace works");
    assert.doesNotMatch(result.stderr, /node-llama-cpp/);
  });

  it("the library entry point loads without node-llama-cpp", async () => {
    const entry = fileURLToPath(new URL("../dist/index.js", import.meta.url));
    const child = spawnSync(
      process.execPath,
      [
        "--import",
        traceImports,
        "--input-type=module",
        "-e",
        `const m = await import(${JSON.stringify(entry)}); console.log(typeof m.openModel)`,
      ],
      { encoding: "utf8" },
    );
    assert.equal(child.status, 0, child.stderr);
    assert.equal(child.stdout.trim(), "function");
    assert.doesNotMatch(child.stderr, /node-llama-cpp/);
  });

  it("the library exports every function the docs name as the library's", async () => {
    const library = await import(fileURLToPath(new URL("../dist/index.js", import.meta.url)));
    const docs = fileURLToPath(new URL("../docs/", import.meta.url));
    const named: string[] = [];
    for (const file of readdirSync(docs).filter((name) => name.endsWith(".md"))) {
      const text = readFileSync(join(docs, file), "utf8");
      for (const [, paragraph] of `${text}\n\n`.matchAll(/^Library: ([\s\S]*?)\n\n/gm))
        for (const [, name] of (paragraph ?? "").matchAll(/`([a-zA-Z]\w*)\(/g)) named.push(name!);
      for (const [, name] of text.matchAll(/`(mcnemarExact|passHatK|wilsonInterval)\(/g)) named.push(name!);
    }
    assert.ok(named.includes("readRunData"), `found ${named.join(", ")}`);
    for (const name of named) assert.equal(typeof library[name], "function", `${name} is not exported`);
  });

  it("synth --help and bench --help list every quantisation, preset and architecture synth writes", async () => {
    /** An option's help text, its wrapped lines joined. */
    const optionHelp = (help: string, flag: string): string => {
      const lines = help.split("\n");
      const start = lines.findIndex((line) => line.trimStart().startsWith(flag));
      assert.ok(start >= 0, `no ${flag} in\n${help}`);
      const end = lines.findIndex((line, index) => index > start && !/^ {4,}\S/.test(line));
      return lines.slice(start, end).join(" ").replace(/\s+/g, " ");
    };
    const synth = (await runCli(["synth", "--help"])).stdout;
    const bench = (await runCli(["bench", "--help"])).stdout;
    for (const quant of synthQuantTypes) {
      assert.match(
        optionHelp(synth, "--quant <type>"),
        new RegExp(`\\b${quant}\\b`),
        `synth --help: ${quant}`,
      );
      assert.match(
        optionHelp(bench, "--quant <type>"),
        new RegExp(`\\b${quant}\\b`),
        `bench --help: ${quant}`,
      );
    }
    for (const preset of presetNames())
      assert.ok(optionHelp(synth, "--preset <name>").includes(preset), `synth --help: preset ${preset}`);
    for (const arch of synthArchitectures)
      assert.ok(optionHelp(synth, "--arch <arch>").includes(arch), `synth --help: arch ${arch}`);
  });

  it("exits 2 on usage errors", async () => {
    const unknown = await runCli(["run", "--model", "demo", "--bogus", "hi"]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown option '--bogus'/);
    const missing = await runCli(["run", "hi"]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--model/);
    const badNumber = await runCli(["run", "--model", "demo", "--threads", "two", "hi"]);
    assert.equal(badNumber.code, 2);
    assert.match(badNumber.stderr, /--threads.*two/);
    const badChoice = await runCli(["run", "--model", "demo", "--tool-choice", "always", "hi"]);
    assert.equal(badChoice.code, 2);
    assert.match(badChoice.stderr, /auto, required, none/);
  });

  it("names a missing model file, a non-GGUF file and a bad spec, exit 1, no stack trace", async () => {
    const missingPath = join(scratch, "nope.gguf");
    const missing = await runCli(["run", "--model", missingPath, "hi"]);
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr, `edgecall: model file not found: ${missingPath}\n`);

    const textFile = join(scratch, "notes.gguf");
    writeFileSync(textFile, "these are not weights\n");
    const notGguf = await runCli(["run", "--model", textFile, "hi"]);
    assert.equal(notGguf.code, 1);
    assert.match(notGguf.stderr, new RegExp(`^edgecall: invalid GGUF file ${textFile}: .+\\n$`));

    const badSpec = await runCli(["run", "--model", "replay:", "hi"]);
    assert.equal(badSpec.code, 1);
    assert.match(badSpec.stderr, /^edgecall: invalid model spec 'replay:': missing file path/);
  });

  it("names an unreachable server", async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/v1`;
    const result = await runCli(["run", "--model", `openai:${url}#m`, "hi"]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^edgecall: .*127\.0\.0\.1/);
    assert.doesNotMatch(result.stderr, /\n\s+at /, "no stack trace");
  });

  it("--idle-timeout and --max-response-mib bound an openai: server that stalls or floods", async () => {
    // Answers chosen by the prompt, not by arrival order: under load, a request given up after
    // 0.3 s may reach the server after the next one.
    const server = await startFixtureServer((received) => {
      const messages = received.body?.messages as { content?: unknown }[] | undefined;
      return messages?.at(-1)?.content === "stall"
        ? { hang: true }
        : { body: { padding: "x".repeat(2 * 1024 * 1024) } };
    });
    try {
      const model = `openai:${server.baseUrl}#m`;
      const stalled = await runCli(["run", "--model", model, "--idle-timeout", "0.3", "stall"]);
      assert.equal(stalled.code, 1);
      assert.equal(
        stalled.stderr,
        `edgecall: ${server.baseUrl}/chat/completions: no response within 300 ms (--idle-timeout)\n`,
      );
      const flooded = await runCli(["run", "--model", model, "--max-response-mib", "1", "flood"]);
      assert.equal(flooded.code, 1);
      assert.match(
        flooded.stderr,
        /^edgecall: .*: the response is over the limit of 1 MiB on response bodies; raise it with maxResponseBytes \(--max-response-mib/,
      );
      const bad = await runCli(["run", "--model", model, "--idle-timeout", "soon", "hi"]);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /--idle-timeout/);
      for (const command of [["eval"], ["compare-quants"], ["probe", "tools"], ["chat"], ["serve"]]) {
        const help = await runCli([...command, "--help"]);
        assert.match(help.stdout, /--idle-timeout <seconds>/, command.join(" "));
        assert.match(help.stdout, /--max-response-mib <n>/, command.join(" "));
      }
    } finally {
      await server.close();
    }
  });

  it("names a broken tools file", async () => {
    const broken = join(scratch, "tools.json");
    writeFileSync(broken, '[{"name": "f", "parameters": {"type": "object", "required": "x"}}]');
    const result = await runCli(["run", "--model", "demo", "--tools", broken, "hi"]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, new RegExp(`^edgecall: invalid tools file ${broken}: tool 'f'`));
  });

  it("run prints the CLI contract's JSON shape for a replayed model", async () => {
    const script = join(scratch, "replay.jsonl");
    const output = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
    writeFileSync(script, `${JSON.stringify({ output })}\n`);
    const tools = fileURLToPath(new URL("../examples/assistant-tools.json", import.meta.url));
    const result = await runCli([
      "run",
      "--model",
      `replay:${script}`,
      "--format",
      "qwen3",
      "--tools",
      tools,
      "--json",
      "Weather in Paris?",
    ]);
    assert.equal(result.code, 0, result.stderr);
    const document = JSON.parse(result.stdout);
    assert.deepEqual(document.toolCalls, [{ name: "get_weather", arguments: { city: "Paris" } }]);
    assert.equal(document.finishReason, "tool-calls");
    assert.equal(document.content, "");
    assert.ok(Number.isInteger(document.usage.inputTokens) && Number.isInteger(document.usage.outputTokens));
    assert.ok(document.timing.firstTokenMs <= document.timing.totalMs);

    const text = await runCli(["run", "--model", `replay:${script}`, "--format", "qwen3", "hi"]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /→ get_weather\(\{"city":"Paris"\}\)/);
    assert.match(text.stdout, /finish: tool-calls/);
  });

  it("parse reads stdin and prints calls, content and typed errors", async () => {
    const stdin =
      '<think>plan</think>Checking.\n<|tool_call_start|>[get_weather(city="Oslo", days=3)]<|tool_call_end|>' +
      "<|tool_call_start|>[broken(";
    const result = await runCli(["parse", "--format", "lfm2", "--json"], { stdin });
    assert.equal(result.code, 0, result.stderr);
    const document = JSON.parse(result.stdout);
    assert.equal(document.content, "Checking.");
    assert.deepEqual(document.toolCalls, [{ name: "get_weather", arguments: { city: "Oslo", days: 3 } }]);
    assert.equal(document.errors.length, 1);
    assert.equal(document.errors[0].type, "truncated");
    assert.match(document.errors[0].raw, /broken\(/);

    // FunctionGemma's documented call syntax: strings between <escape> tokens, bare numbers.
    const gemma = await runCli(["parse", "--format", "functiongemma", "--json"], {
      stdin:
        "<start_function_call>call:get_current_weather{location:<escape>Tokyo, Japan<escape>,days:3}<end_function_call>",
    });
    assert.equal(gemma.code, 0, gemma.stderr);
    assert.deepEqual(JSON.parse(gemma.stdout).toolCalls, [
      { name: "get_current_weather", arguments: { location: "Tokyo, Japan", days: 3 } },
    ]);

    const unknown = await runCli(["parse", "--format", "hermes"], { stdin: "x" });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown format "hermes"; valid formats: qwen3, qwen3\.5/);
  });

  it("inspect rejects a truncated GGUF with a clear reason", async () => {
    const truncated = join(scratch, "cut.gguf");
    // "GGUF", version 3, then a tensor count cut short.
    writeFileSync(truncated, Buffer.from([0x47, 0x47, 0x55, 0x46, 3, 0, 0, 0, 1, 0]));
    const result = await runCli(["inspect", truncated]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, new RegExp(`^edgecall: invalid GGUF file ${truncated}: .+`));
  });

  it("inspect and run refuse a GGUF whose hyperparameters llama.cpp would abort on", async () => {
    const plan = presetPlan("qwen3");
    const hostile = writeHollowGguf(
      join(scratch, "hostile-heads.gguf"),
      withKv(plan.metadata, "qwen3.attention.head_count", u32(0)),
      plan.descriptors,
    );
    const expected = new RegExp(`^edgecall: ${hostile}: qwen3\\.attention\\.head_count is 0\n$`);
    const inspect = await runCli(["inspect", hostile, "--json"]);
    assert.equal(inspect.code, 1);
    assert.match(inspect.stderr, expected);
    assert.deepEqual(JSON.parse(inspect.stdout).problems, ["qwen3.attention.head_count is 0"]);
    const run = await runCli(["run", "--model", hostile, "--threads", "1", "hello"]);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, expected);
  });
});

describe("edgecall CLI on synthesised models", () => {
  const cache = mkdtempSync(join(tmpdir(), "edgecall-cache-"));
  const tools = fileURLToPath(new URL("../examples/assistant-tools.json", import.meta.url));

  it("synth writes a tiny model that inspect describes and run calls tools with", async () => {
    const model = join(scratch, "tiny-qwen3.gguf");
    const synth = await runCli([
      "synth",
      "--arch",
      "qwen3",
      "--preset",
      "tiny",
      "--quant",
      "q8_0",
      "-o",
      model,
    ]);
    assert.equal(synth.code, 0, synth.stderr);
    assert.match(synth.stdout, /random weights/);

    const inspect = await runCli(["inspect", model, "--json"]);
    assert.equal(inspect.code, 0, inspect.stderr);
    const description = JSON.parse(inspect.stdout);
    assert.equal(description.architecture, "qwen3");
    assert.equal(description.fileType, "Q8_0");
    assert.ok(description.parameters > 0 && description.tensorCount > 0);
    assert.match(description.chatTemplate, /<tool_call>/);

    const run = await runCli([
      ...["run", "--model", model, "--tools", tools, "--constrained", "--tool-choice", "required"],
      ...["--threads", "1", "--seed", "3", "--temperature", "1", "--json", "Set the volume to 30 percent"],
    ]);
    assert.equal(run.code, 0, run.stderr);
    const document = JSON.parse(run.stdout);
    assert.equal(document.finishReason, "tool-calls");
    assert.equal(document.randomWeights, true);
    assert.equal(document.model.format, "qwen3", "format detected from the chat template");
    assert.ok(document.toolCalls.length >= 1);
    const names = ["get_weather", "calendar_create_event", "settings_set_volume"];
    for (const call of document.toolCalls) assert.ok(names.includes(call.name), call.name);
  });

  it("--model demo synthesises the demo model on first use and labels its output", async () => {
    const env = { EDGECALL_CACHE_DIR: cache };
    const run = await runCli(["run", "--model", "demo", "--threads", "1", "--max-tokens", "8", "Hello"], {
      env,
    });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^\[random weights: output is noise\]/);
    assert.match(run.stderr, /random weights/);
    assert.match(run.stdout, /finish: (stop|length)/);
  });

  it("synth names unknown presets and quant types with the valid ones", async () => {
    const output = join(scratch, "never.gguf");
    const preset = await runCli(["synth", "--preset", "qwen9", "--quant", "q4_0", "-o", output]);
    assert.equal(preset.code, 2);
    assert.match(preset.stderr, /qwen9.*qwen3\.5-0\.8b/);
    const quant = await runCli([
      "synth",
      "--arch",
      "qwen3",
      "--preset",
      "tiny",
      "--quant",
      "q3_x",
      "-o",
      output,
    ]);
    assert.equal(quant.code, 2);
    assert.match(quant.stderr, /q3_x.*q4_0/);
  });
});

describe("the one-command demo", () => {
  it("eval --model demo runs the assistant suites and a short bench into one run directory", async () => {
    const cache = mkdtempSync(join(tmpdir(), "edgecall-demo-cache-"));
    const out = mkdtempSync(join(tmpdir(), "edgecall-demo-runs-"));
    const result = await runCli(
      ["eval", "--model", "demo", "--limit", "2", "--threads", "1", "--out", out, "--no-progress", "--json"],
      { env: { EDGECALL_CACHE_DIR: cache }, timeoutMs: 120_000 },
    );
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /random weights/);
    const summary = JSON.parse(result.stdout);
    const suites = new Set(summary.categories.map((category: { suite: string }) => category.suite));
    assert.deepEqual([...suites].sort(), ["assistant:irrelevance", "assistant:single"]);
    const runDirectory = summary.runDir as string;
    const bench = JSON.parse(readFileSync(join(runDirectory, "bench.json"), "utf8"));
    assert.equal(bench.model.randomWeights, true);
    assert.deepEqual(
      bench.results.map((entry: { test: string }) => entry.test),
      ["pp128", "pp512", "tg64"],
    );
    const html = readFileSync(join(runDirectory, "report.html"), "utf8");
    assert.match(html, /[Rr]andom weights/);
    assert.match(result.stderr, /report: .*report\.html/);
  });

  it("eval --model demo --suite assistant:stateful runs conversations over fresh worlds", async () => {
    const cache = mkdtempSync(join(tmpdir(), "edgecall-demo-cache-"));
    const out = mkdtempSync(join(tmpdir(), "edgecall-demo-runs-"));
    const result = await runCli(
      [
        "eval",
        "--model",
        "demo",
        "--suite",
        "assistant:stateful",
        "--limit",
        "2",
        "--max-tokens",
        "24",
        "--max-steps",
        "2",
        "--threads",
        "1",
        "--out",
        out,
        "--no-progress",
        "--json",
      ],
      { env: { EDGECALL_CACHE_DIR: cache }, timeoutMs: 180_000 },
    );
    assert.equal(result.code, 0, result.stderr);
    const summary = JSON.parse(result.stdout);
    assert.equal(summary.overall.n, 2);
    assert.ok(summary.categories.every((category: { agent?: unknown }) => category.agent !== undefined));
    const lines = readFileSync(join(summary.runDir as string, "results.jsonl"), "utf8")
      .trim()
      .split("\n");
    for (const line of lines) {
      const row = JSON.parse(line);
      assert.equal(row.solver, "conversation");
      assert.ok(row.trajectory.events.length >= 3, "a user turn, a model step, the end");
      assert.match(row.worldHash, /^[0-9a-f]{64}$/);
    }
    // Multi-turn conversations re-read their history: most of it is held, not evaluated again.
    assert.ok(summary.promptReuse.fraction > 0.3, JSON.stringify(summary.promptReuse));
  });

  it("eval --concurrency 2 on a GGUF runs two sequences; --no-prefix-reuse evaluates every token", async () => {
    const cache = mkdtempSync(join(tmpdir(), "edgecall-demo-cache-"));
    const run = (extra: string[]) =>
      runCli(
        [
          "eval",
          "--model",
          "demo",
          "--suite",
          "assistant:stateful",
          "--limit",
          "2",
          "--max-tokens",
          "16",
          "--max-steps",
          "2",
          "--threads",
          "1",
          "--no-cache",
          "--out",
          mkdtempSync(join(tmpdir(), "edgecall-demo-runs-")),
          "--no-progress",
          "--json",
          ...extra,
        ],
        { env: { EDGECALL_CACHE_DIR: cache }, timeoutMs: 180_000 },
      );
    const parallel = await run(["--concurrency", "2"]);
    assert.equal(parallel.code, 0, parallel.stderr);
    const reused = JSON.parse(parallel.stdout);
    assert.equal(reused.model.backendInfo.sequences, 2);
    assert.ok(reused.promptReuse.fraction > 0.3, JSON.stringify(reused.promptReuse));
    const naiveRun = await run(["--no-prefix-reuse"]);
    assert.equal(naiveRun.code, 0, naiveRun.stderr);
    const naive = JSON.parse(naiveRun.stdout);
    assert.equal(naive.promptReuse.cachedInputTokens, 0);
    assert.equal(naive.promptReuse.inputTokens, reused.promptReuse.inputTokens, "the same prompts");
  });
});
