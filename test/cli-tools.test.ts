/**
 * Tools offered by `run` and `eval` beyond their own: `run --tools assistant`, and `--mcp` servers
 * (the tiny test MCP server) for `run` and `eval`, including name clashes and a server that fails.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { after, before, describe, it } from "node:test";
import { createAssistantRegistry } from "../src/assistant/assistant-registry.js";
import type { GenerateRequest, ModelBackend } from "../src/backend/model-backend.js";
import { openModel } from "../src/backend/open-model.js";
import { runCommand } from "../src/cli/commands/run-command.js";
import { mcpDefinitions } from "../src/cli/tool-sources.js";
import { runEvalSession } from "../src/eval/eval-session.js";
import type { Sample } from "../src/eval/suite.js";
import { connectMcpTools, type McpToolSource } from "../src/mcp/mcp-client-tools.js";
import type { ToolDefinition } from "../src/messages.js";
import { createAssistantSuite } from "../src/suites/assistant-suite.js";
import { defaultSuiteCatalog } from "../src/suites/default-catalog.js";
import { repoRoot, runCliFromSource } from "./eval-cli.test-support.js";

const tinyServer = `"${process.execPath}" --import tsx ${join(repoRoot, "src/mcp/tiny-mcp-server.test-support.ts")}`;
const tinyToolNames = ["echo", "post_note", "broken", "stats"];
const missingServer = "/nonexistent/edgecall-no-such-mcp-server --flag";

const scratch = mkdtempSync(join(tmpdir(), "edgecall-cli-tools-"));
const replayFile = join(scratch, "replay.jsonl");
writeFileSync(
  replayFile,
  `${[
    '{"output": "{\\"name\\": \\"calendar_list_events\\", \\"arguments\\": {}}"}',
    '{"output": "I cannot help with that."}',
  ].join("\n")}\n`,
);

function collect(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = "";
  stream.on("data", (chunk) => {
    text += chunk;
  });
  return { stream, text: () => text };
}

/** Runs `run` in-process on the replay model; returns its output and the request the model saw. */
async function runWithReplay(
  options: { tools?: string; mcp?: string[] },
  prompt = "what is on my calendar?",
): Promise<{ code: number; stdout: string; stderr: string; request: GenerateRequest | undefined }> {
  const stdout = collect();
  const stderr = collect();
  let backend: (ModelBackend & { requests?: GenerateRequest[] }) | undefined;
  const code = await runCommand(
    prompt,
    { model: `replay:${replayFile}`, gpu: "off", toolChoice: "auto", maxTokens: 64, json: true, ...options },
    {
      stdout: stdout.stream,
      stderr: stderr.stream,
      openBackend: async (spec, open) => {
        backend = await openModel(spec, open);
        return backend;
      },
    },
  );
  return { code, stdout: stdout.text(), stderr: stderr.text(), request: backend?.requests?.[0] };
}

describe("run --tools assistant", () => {
  it("offers the assistant suite's definitions, listed without a world", async () => {
    const expected = createAssistantRegistry().definitions();
    assert.ok(expected.length >= 20, "the suite has its tools");
    const { code, stdout, request } = await runWithReplay({ tools: "assistant" });
    assert.equal(code, 0);
    assert.deepEqual(request?.tools, expected);
    const document = JSON.parse(stdout) as { toolCalls: { name: string }[] };
    assert.deepEqual(
      document.toolCalls.map((call) => call.name),
      ["calendar_list_events"],
    );
  });
});

describe("--mcp with the tiny MCP server", () => {
  let source: McpToolSource;
  let tinyTools: ToolDefinition[];
  before(async () => {
    source = await connectMcpTools(tinyServer, { cwd: repoRoot });
    tinyTools = mcpDefinitions([source]).tools;
  });
  after(async () => {
    await source.close();
  });

  it("run: adds the server's tools after --tools assistant", async () => {
    const { code, stderr, request } = await runWithReplay({ tools: "assistant", mcp: [tinyServer] });
    assert.equal(code, 0, stderr);
    const names = request?.tools?.map((tool) => tool.name) ?? [];
    const assistantNames = createAssistantRegistry().names();
    assert.deepEqual(names, [...assistantNames, ...tinyToolNames]);
    assert.deepEqual(request?.tools?.slice(assistantNames.length), tinyTools);
  });

  it("run: a clash with --tools keeps the file's tool and warns naming the MCP tool", async () => {
    const toolsFile = join(scratch, "tools.json");
    const ownEcho = {
      name: "echo",
      description: "our own echo",
      parameters: { type: "object", properties: {} },
    };
    writeFileSync(toolsFile, JSON.stringify([ownEcho]));
    const { code, stderr, request } = await runWithReplay({ tools: toolsFile, mcp: [tinyServer] });
    assert.equal(code, 0, stderr);
    assert.deepEqual(
      request?.tools?.map((tool) => tool.name),
      ["echo", "post_note", "broken", "stats"],
    );
    assert.equal(request?.tools?.[0]?.description, "our own echo");
    assert.match(
      stderr,
      /warning: --mcp: left out MCP tool echo: --tools already offers a tool of that name/,
    );
  });

  it("eval: every sample is offered its own tools plus the server's, own tools winning a clash", async () => {
    const backend = (await openModel(`replay:${replayFile}`)) as ModelBackend & {
      requests: GenerateRequest[];
    };
    // The first sample's first tool: the impostor clashes with it there.
    const [first] = (await createAssistantSuite("assistant:single").samples()) as Sample[];
    const sampleToolName = first?.tools[0]?.name ?? "";
    const impostor: ToolDefinition = { name: sampleToolName, description: "impostor", parameters: {} };
    const clashes: [string, number][] = [];
    const outcome = await runEvalSession({
      catalog: defaultSuiteCatalog(),
      model: `replay:${replayFile}`,
      suites: "assistant:single",
      limit: 2,
      backend,
      out: join(scratch, "session-runs"),
      progress: false,
      extraTools: [impostor, ...tinyTools],
      onToolClash: (name, samples) => clashes.push([name, samples]),
    });
    await backend.close();
    assert.equal(outcome.summary.overall.n, 2);
    assert.equal(backend.requests.length, 2);
    let offeringIt = 0;
    for (const request of backend.requests) {
      const names = request.tools?.map((tool) => tool.name) ?? [];
      assert.deepEqual(names.slice(-tinyToolNames.length), tinyToolNames, request.sampleId);
      assert.equal(new Set(names).size, names.length, "no duplicate names");
      const offered = request.tools?.find((tool) => tool.name === sampleToolName);
      assert.ok(offered !== undefined, "the sample's own tool, or the impostor where it has none");
      if (offered.description !== "impostor") offeringIt += 1;
    }
    assert.equal(backend.requests[0]?.sampleId, first?.id);
    assert.ok(offeringIt >= 1, "the first sample kept its own tool");
    assert.deepEqual(clashes, [[sampleToolName, offeringIt]]);
  });

  it("eval --resume refuses other extra tools than the run was started with", async () => {
    const session = (extraTools: ToolDefinition[] | undefined, resume?: string) =>
      runEvalSession({
        catalog: defaultSuiteCatalog(),
        model: `replay:${replayFile}`,
        suites: "assistant:single",
        limit: 1,
        out: join(scratch, "resume-runs"),
        progress: false,
        ...(extraTools === undefined ? {} : { extraTools }),
        ...(resume === undefined ? {} : { resume }),
      });
    const first = await session(tinyTools);
    const record = JSON.parse(readFileSync(join(first.runDirectory, "run.json"), "utf8")) as {
      extraTools: { names: string[]; sha256: string };
    };
    assert.deepEqual(record.extraTools.names, tinyToolNames);
    assert.match(record.extraTools.sha256, /^[0-9a-f]{64}$/);
    await assert.rejects(session(undefined, first.runDirectory), (error: Error) => {
      assert.match(
        error.message,
        new RegExp(
          `the tools added to every sample \\(--mcp\\) differ \\(were: ${tinyToolNames.join(", ")}; now: none\\)`,
        ),
      );
      return true;
    });
    await assert.rejects(session(tinyTools.slice(1), first.runDirectory), /--mcp\) differ/);
    const resumed = await session(tinyTools, first.runDirectory);
    assert.equal(resumed.summary.overall.n, 1);
  });

  it("eval --mcp from the command line: runs the samples with the server's tools offered", async () => {
    const out = join(scratch, "cli-runs");
    const result = await runCliFromSource([
      "eval",
      "--model",
      `replay:${replayFile}`,
      "--suite",
      "assistant:single",
      "--limit",
      "2",
      "--mcp",
      tinyServer,
      "--out",
      out,
      "--no-progress",
      "--json",
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stderr, /eval: mcp: tiny-test-server: 4 tools/);
    const summary = JSON.parse(result.stdout) as { overall: { n: number }; runDir: string };
    assert.equal(summary.overall.n, 2);
    // The replay model estimates prompt tokens from the text sent, tool list included: the same
    // samples with the tiny server's tools added in-process give the same counts.
    const [runName] = readdirSync(out);
    const results = readFileSync(join(out, runName as string, "results.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: string; usage: { inputTokens: number } });
    const backend = (await openModel(`replay:${replayFile}`)) as ModelBackend & {
      requests: GenerateRequest[];
    };
    const expected = await runEvalSession({
      catalog: defaultSuiteCatalog(),
      model: `replay:${replayFile}`,
      suites: "assistant:single",
      limit: 2,
      backend,
      out: join(scratch, "expected-runs"),
      progress: false,
      extraTools: tinyTools,
    });
    await backend.close();
    const expectedResults = readFileSync(join(expected.runDirectory, "results.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: string; usage: { inputTokens: number } });
    assert.deepEqual(
      results.map((entry) => [entry.id, entry.usage.inputTokens]),
      expectedResults.map((entry) => [entry.id, entry.usage.inputTokens]),
    );
  });
});

describe("a server that fails to start", () => {
  it("run: exits 1 naming the command and why", async () => {
    const result = await runCliFromSource([
      "run",
      "--model",
      `replay:${replayFile}`,
      "--tools",
      "assistant",
      "--mcp",
      missingServer,
      "hello",
    ]);
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      /^edgecall: --mcp "\/nonexistent\/edgecall-no-such-mcp-server --flag": could not start or list tools: .*ENOENT/m,
    );
  });

  it("eval: exits 1 before any run directory is made", async () => {
    const out = join(scratch, "failed-runs");
    const result = await runCliFromSource([
      "eval",
      "--model",
      `replay:${replayFile}`,
      "--suite",
      "assistant:single",
      "--limit",
      "2",
      "--mcp",
      missingServer,
      "--out",
      out,
      "--no-progress",
    ]);
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      /edgecall: --mcp "\/nonexistent\/edgecall-no-such-mcp-server --flag": could not start/,
    );
    assert.throws(() => readdirSync(out), /ENOENT/);
  });
});
