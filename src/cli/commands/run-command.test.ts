import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { describe, it } from "node:test";
import type { GenerateResult, ModelBackend } from "../../backend/model-backend.js";
import { type RunCommandOptions, runCommand } from "./run-command.js";

/** A backend answering one constrained call that still breaks its schema after three attempts. */
function constrainedBackend(): ModelBackend {
  const result: GenerateResult = {
    rawText: '<tool_call>{"name": "get_weather", "arguments": {"city": 7}}</tool_call>',
    parts: [{ type: "tool-call", toolCall: { name: "get_weather", arguments: { city: 7 } } }],
    finishReason: "tool-calls",
    usage: { inputTokens: 20, outputTokens: 30 },
    timing: { firstTokenMs: 1, totalMs: 5 },
    constrained: { attempts: 3, argumentProblems: ["get_weather: /city must be string"] },
  };
  return { info: { backend: "test", model: "test" }, generate: async () => result, close: async () => {} };
}

async function run(json: boolean): Promise<string> {
  const stdout = new PassThrough();
  let text = "";
  stdout.on("data", (chunk) => {
    text += chunk;
  });
  const options: RunCommandOptions = {
    model: "demo",
    gpu: "off",
    toolChoice: "auto",
    maxTokens: 64,
    constrained: true,
    json,
  };
  const code = await runCommand("Weather?", options, {
    stdout,
    stderr: new PassThrough(),
    openBackend: async () => constrainedBackend(),
  });
  assert.equal(code, 0);
  return text;
}

describe("edgecall run: constrained calls", () => {
  it("shows the schema problems a call still has and how many attempts were made", async () => {
    const text = await run(false);
    assert.match(text, /→ get_weather\(\{"city":7\}\)/);
    assert.match(text, /✗ get_weather: \/city must be string/);
    assert.match(text, /constrained: 3 attempts; tokens below count them all/);
    const document = JSON.parse(await run(true)) as { attempts: number; argumentProblems: string[] };
    assert.equal(document.attempts, 3);
    assert.deepEqual(document.argumentProblems, ["get_weather: /city must be string"]);
  });

  it("refuses --tool-choice required without tools before opening the model; warns that --constrained does nothing here", async () => {
    let opened = 0;
    const base: RunCommandOptions = { model: "demo", gpu: "off", toolChoice: "required", maxTokens: 8 };
    await assert.rejects(
      runCommand("hi", base, {
        stdout: new PassThrough(),
        stderr: new PassThrough(),
        openBackend: async () => {
          opened += 1;
          return constrainedBackend();
        },
      }),
      /--tool-choice required: no tools are offered/,
    );
    assert.equal(opened, 0);
    const stderr = new PassThrough();
    let warnings = "";
    stderr.on("data", (chunk) => {
      warnings += chunk;
    });
    await runCommand(
      "hi",
      { ...base, toolChoice: "auto", constrained: true },
      { stdout: new PassThrough(), stderr, openBackend: async () => constrainedBackend() },
    );
    assert.match(warnings, /--constrained has no effect on test models/);
  });
});

describe("edgecall run: template variables and backend notes", () => {
  it("opens the model with --thinking and --date-string, and notes bounds relaxed for the server", async () => {
    const opened: unknown[] = [];
    const stderr = new PassThrough();
    let errors = "";
    stderr.on("data", (chunk) => {
      errors += chunk;
    });
    const backend: ModelBackend = {
      info: { backend: "openai-compatible", model: "m" },
      generate: async () => ({
        rawText: "ok",
        parts: [{ type: "text", text: "ok" }],
        finishReason: "stop",
        usage: { inputTokens: 1, outputTokens: 1 },
        timing: { firstTokenMs: 1, totalMs: 2 },
      }),
      report: () => ({ relaxedBounds: ["create_event /properties/description maxLength 2000"] }),
      close: async () => {},
    };
    const code = await runCommand(
      "hi",
      {
        model: "openai:http://127.0.0.1:1/v1#m",
        gpu: "off",
        toolChoice: "auto",
        maxTokens: 8,
        thinking: "off",
        dateString: "01 Jan 2030",
      },
      {
        stdout: new PassThrough(),
        stderr,
        openBackend: async (_spec, options) => {
          opened.push(options?.templateVariables);
          return backend;
        },
      },
    );
    assert.equal(code, 0);
    assert.deepEqual(opened, [{ enableThinking: false, dateString: "01 Jan 2030" }]);
    assert.match(
      errors,
      /1 bounds were sent without their limit .*create_event \/properties\/description maxLength 2000/,
    );
  });
});

/** Runs `run` over `backend`; returns the exit code, stdout and stderr. */
async function runWith(
  backend: ModelBackend,
  options: Partial<RunCommandOptions> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (chunk) => {
    out += chunk;
  });
  stderr.on("data", (chunk) => {
    err += chunk;
  });
  const code = await runCommand(
    "What's on my calendar?",
    { model: "m.gguf", gpu: "off", toolChoice: "auto", maxTokens: 512, ...options },
    { stdout, stderr, openBackend: async () => backend },
  );
  return { code, stdout: out, stderr: err };
}

function textBackend(
  text: string,
  info: ModelBackend["info"] = { backend: "test", model: "test" },
): ModelBackend {
  return {
    info,
    generate: async () => ({
      rawText: text,
      parts: [{ type: "text", text }],
      finishReason: "length",
      usage: { inputTokens: 10, outputTokens: 512 },
      timing: { firstTokenMs: 1, totalMs: 2 },
    }),
    close: async () => {},
  };
}

describe("edgecall run: replies and context", () => {
  it("says 'reply: whitespace only' instead of printing a reply of 512 newlines", async () => {
    const { code, stdout } = await runWith(textBackend("\n".repeat(512)));
    assert.equal(code, 0);
    assert.match(stdout, /^reply: whitespace only \(512 characters\)$/m);
    assert.ok(stdout.split("\n").length < 6, JSON.stringify(stdout));
    // A format's parser may drop white space from the parts; the raw text still says what came.
    const parsed = textBackend("\n".repeat(512));
    const generate = parsed.generate;
    parsed.generate = async (request) => ({ ...(await generate(request)), parts: [] });
    assert.match((await runWith(parsed)).stdout, /^reply: whitespace only \(512 characters\)$/m);
    const json = JSON.parse((await runWith(textBackend("\n".repeat(512)), { json: true })).stdout);
    assert.equal(json.rawText, "\n".repeat(512), "--json keeps the reply as it was");
  });

  it("warns loudly when --tools raises the context past the model's trained maximum", async () => {
    const info = { backend: "llama-cpp", model: "m.gguf", contextSize: 16_384, trainContextSize: 4096 };
    const raised = await runWith(textBackend("ok", info), { tools: "assistant" });
    assert.equal(raised.code, 0);
    assert.match(
      raised.stderr,
      /edgecall: warning: the context is 16384 tokens \(raised for --tools assistant.*\), beyond this model's trained maximum of 4096/,
    );
    const given = await runWith(textBackend("ok", info), { contextSize: 16_384 });
    assert.match(
      given.stderr,
      /warning: --context-size 16384 is beyond this model's trained maximum of 4096/,
    );
    const fits = await runWith(textBackend("ok", { ...info, trainContextSize: 40_960 }), {
      tools: "assistant",
    });
    assert.doesNotMatch(fits.stderr, /trained maximum/);
  });
});
