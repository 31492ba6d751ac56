/**
 * `edgecall serve` end to end: the real CLI on a free port over a replay script, asked by fetch
 * and by edgecall's own `openai:` backend (`edgecall run`), stopped with SIGINT.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { edgecallBin, runCli } from "./cli-helpers.test-support.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-cli-serve-"));
after(() => rmSync(directory, { recursive: true, force: true }));

/** Starts `edgecall serve ...args`; resolves with the child and its URL once it listens. */
function startServe(args: string[]): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [edgecallBin, "serve", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`serve did not start: ${stderr}`));
    }, 30_000);
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
      const found = /at (http:\/\/\S+)\/v1 /.exec(stderr);
      if (found) {
        clearTimeout(timer);
        resolve({ child, url: found[1]!, stderr: () => stderr });
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited ${code} before listening: ${stderr}`));
    });
  });
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

describe("edgecall serve (CLI)", () => {
  it("serves a replay model to fetch and to `edgecall run --model openai:...`, and stops on SIGINT with 0", async () => {
    const script = join(directory, "replies.jsonl");
    const call = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>';
    writeFileSync(
      script,
      `${JSON.stringify({ output: call })}\n${JSON.stringify({ output: "It is 12°C." })}\n`,
    );
    const { child, url, stderr } = await startServe([
      "--model",
      `replay:${script}`,
      "--format",
      "qwen3",
      "--port",
      "0",
      "--model-name",
      "scripted",
      "--verbose",
    ]);
    try {
      const models = (await (await fetch(`${url}/v1/models`)).json()) as { data: { id: string }[] };
      assert.deepEqual(
        models.data.map((model) => model.id),
        ["scripted"],
      );
      const tools = join(directory, "tools.json");
      writeFileSync(
        tools,
        JSON.stringify([
          { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } } } },
        ]),
      );
      const run = await runCli([
        "run",
        "--model",
        `openai:${url}/v1#scripted`,
        "--tools",
        tools,
        "--json",
        "Oslo?",
      ]);
      assert.equal(run.code, 0, run.stderr);
      const document = JSON.parse(run.stdout) as { toolCalls: unknown[]; finishReason: string };
      assert.deepEqual(document.toolCalls, [{ name: "get_weather", arguments: { city: "Oslo" } }]);
      assert.equal(document.finishReason, "tool-calls");
      const plain = await fetch(`${url}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "user", content: "And now?" }] }),
      });
      const reply = (await plain.json()) as { choices: { message: { content: string } }[] };
      assert.equal(reply.choices[0]?.message.content, "It is 12°C.");
      assert.match(stderr(), /serve: POST \/v1\/chat\/completions 200 /);
    } finally {
      child.kill("SIGINT");
    }
    assert.equal(await exitCode(child), 0);
    assert.match(stderr(), /serve: interrupted; stopping/);
  });

  it("serves a GGUF (the demo model) and closes it on SIGTERM with 0", async () => {
    const { child, url, stderr } = await startServe(["--model", "demo", "--port", "0"]);
    try {
      const response = await fetch(`${url}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "user", content: "hi" }], max_tokens: 4 }),
      });
      assert.equal(response.status, 200);
      const body = (await response.json()) as {
        usage: { completion_tokens: number };
        edgecall: { randomWeights: boolean };
      };
      assert.ok(body.usage.completion_tokens >= 1 && body.usage.completion_tokens <= 4);
      assert.equal(body.edgecall.randomWeights, true);
      assert.match(stderr(), /random weights/);
    } finally {
      child.kill("SIGTERM");
    }
    // node-llama-cpp brings signal-exit, which kills a process whose own listener has gone.
    assert.equal(await exitCode(child), 0, stderr());
    assert.match(stderr(), /serve: interrupted; stopping/);
  });

  it("refuses a bad port (usage, 2) and a missing model before listening (1)", async () => {
    const badPort = await runCli(["serve", "--model", "demo", "--port", "70000"]);
    assert.equal(badPort.code, 2);
    assert.match(badPort.stderr, /--port.*<= 65535/);
    const missing = await runCli(["serve", "--model", join(directory, "nope.gguf"), "--port", "0"]);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /edgecall: model file not found: .*nope\.gguf/);
    assert.doesNotMatch(missing.stderr, /serving/);
  });
});
