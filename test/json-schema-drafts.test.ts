/**
 * JSON Schema 2020-12 (zod 4's own `z.toJSONSchema` output, LangChain JS's tools) and 2019-09
 * tool schemas accepted everywhere a schema from outside arrives: the argument validator, the
 * guards' schema check, the call grammar, `run --tools FILE`, `serve` and MCP registration. A
 * schema that still cannot compile is named, never an internal error; MCP tool schemas in the
 * guards go through the same linear-time pattern engine (issue 35 item 1, issue 36 item 1).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { z } from "zod";
import { createReplayBackend } from "../src/backend/replay-backend.js";
import { stubToolCallFormat } from "../src/backend/replay-stub-format.test-support.js";
import { ArgumentValidator } from "../src/grammar/argument-validator.js";
import { buildCallGrammar } from "../src/grammar/call-grammar.js";
import { compileGbnf, testLlama } from "../src/grammar/gbnf-checker.test-support.js";
import { SchemaGuard } from "../src/guards/schema-guard.js";
import { runScriptWithDeadline } from "../src/json-schema/script-deadline.test-support.js";
import { type McpToolSource, registerMcpTools, toolFromMcp } from "../src/mcp/mcp-client-tools.js";
import type { ToolDefinition } from "../src/messages.js";
import { createOpenAIServerApp } from "../src/serve/openai-server.js";
import { ToolRegistry } from "../src/tools/tool-registry.js";
import { repoRoot, runCliFromSource } from "./eval-cli.test-support.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-json-schema-"));
after(async () => {
  rmSync(directory, { recursive: true, force: true });
  await (await testLlama()).dispose();
});

const stop = z.object({ city: z.string().max(30), zip: z.string().regex(/^\d{5}$/) });
/** zod 4's default output: `$schema` 2020-12, `$defs`/`$ref`, const, nullable, a tuple. */
const zodParameters = z.toJSONSchema(
  z.object({
    kind: z.literal("trip"),
    from: stop,
    to: stop,
    note: z.string().nullable(),
    seats: z.tuple([z.number().int().min(1).max(9), z.enum(["aisle", "window"])]).optional(),
  }),
  { reused: "ref" },
) as Record<string, unknown>;
const laterParameters = {
  $schema: "https://json-schema.org/draft/2019-09/schema",
  type: "object",
  properties: { size: { $ref: "#/$defs/size" } },
  required: ["size"],
  unevaluatedProperties: false,
  $defs: { size: { enum: ["s", "m", "l"] } },
};
const plan: ToolDefinition = { name: "plan_trip", description: "Plans a trip", parameters: zodParameters };
const order: ToolDefinition = {
  name: "order_shirt",
  description: "Orders a shirt",
  parameters: laterParameters,
};
const oslo = { city: "Oslo", zip: "01234" };
const planArguments = { kind: "trip", from: oslo, to: oslo, note: null, seats: [2, "aisle"] };
const callText = `<tool_call>\n${JSON.stringify({ name: "plan_trip", arguments: planArguments })}\n</tool_call>`;

function replayFile(name: string, ...outputs: string[]): string {
  const path = join(directory, name);
  writeFileSync(path, `${outputs.map((output) => JSON.stringify({ output })).join("\n")}\n`);
  return path;
}

describe("JSON Schema 2020-12 and 2019-09 tool schemas", () => {
  it("zod 4 wrote a 2020-12 schema with $defs", () => {
    assert.equal(zodParameters.$schema, "https://json-schema.org/draft/2020-12/schema");
    assert.ok(JSON.stringify(zodParameters).includes('"$ref":"#/$defs/'));
  });

  it("the argument validator and the guards' schema check accept good arguments and name bad ones", () => {
    const validator = new ArgumentValidator();
    assert.equal(validator.check({ name: "plan_trip", arguments: planArguments }, [plan]), undefined);
    assert.equal(validator.check({ name: "order_shirt", arguments: { size: "m" } }, [order]), undefined);
    assert.match(
      validator.check({ name: "order_shirt", arguments: { size: "m", extra: 1 } }, [order]) ?? "",
      /unevaluated properties/,
    );
    const guard = new SchemaGuard();
    const tool = (definition: ToolDefinition) => ({
      definition,
      sideEffect: "read" as const,
      execute: async () => "ok",
    });
    assert.equal(guard.check(tool(plan), planArguments), undefined);
    assert.match(
      guard.check(tool(plan), { ...planArguments, to: { city: "Oslo", zip: "1" } }) ?? "",
      /to\/zip/,
    );
    assert.equal(guard.check(tool(order), { size: "l" }), undefined);
  });

  it("the call grammar writes both tools' arguments", async () => {
    const grammar = await compileGbnf(buildCallGrammar("qwen3", [plan, order], { parallel: false }));
    // The text after `<tool_call>`, as Qwen3 writes it.
    const call = (name: string, input: unknown) =>
      `\n{"name": "${name}", "arguments": ${JSON.stringify(input)}}\n</tool_call>`;
    assert.equal(grammar.accepts(call("plan_trip", planArguments)), true);
    assert.equal(grammar.accepts(call("order_shirt", { size: "s" })), true);
    assert.equal(grammar.accepts(call("order_shirt", { size: "xl" })), false);
    assert.equal(grammar.accepts(call("plan_trip", { ...planArguments, seats: [2] })), false);
  });

  it("run --tools FILE offers them; a schema that cannot compile names the file and the field", async () => {
    const tools = join(directory, "tools.json");
    writeFileSync(
      tools,
      JSON.stringify({
        tools: [plan, order].map((definition) => ({ type: "function", function: definition })),
      }),
    );
    const model = `replay:${replayFile("run.jsonl", callText)}`;
    const run = await runCliFromSource([
      "run",
      "--model",
      model,
      "--format",
      "qwen3",
      "--tools",
      tools,
      "--json",
      "Go",
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout).toolCalls, [{ name: "plan_trip", arguments: planArguments }]);

    const broken = join(directory, "broken.json");
    const draft4 = { $schema: "http://json-schema.org/draft-04/schema#", type: "object" };
    writeFileSync(broken, JSON.stringify([plan, { name: "old", parameters: draft4 }]));
    const refused = await runCliFromSource(["run", "--model", model, "--tools", broken, "Go"]);
    assert.equal(refused.code, 1);
    assert.match(
      refused.stderr,
      new RegExp(
        `^edgecall: invalid tools file ${broken}: tool 'old': tools\\[1\\]\\.parameters: JSON Schema draft-04`,
      ),
    );
    assert.doesNotMatch(refused.stderr, /internal error/);
  });

  it("serve answers 200 for them, and 400 naming the field for a schema that cannot compile", async () => {
    const backend = createReplayBackend({
      path: replayFile("serve.jsonl", callText, '{"size": "m"}'),
      format: stubToolCallFormat,
    });
    const app = createOpenAIServerApp({ backend, modelName: "tiny" });
    const post = (body: unknown) =>
      app.request("/v1/chat/completions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const messages = [{ role: "user", content: "Go" }];
    const tools = [plan, order].map((definition) => ({ type: "function", function: definition }));
    const called = await post({ messages, tools });
    assert.equal(called.status, 200, await called.clone().text());
    const body = (await called.json()) as {
      choices: { message: { tool_calls: { function: { name: string; arguments: string } }[] } }[];
    };
    const call = body.choices[0]?.message.tool_calls[0]?.function;
    assert.equal(call?.name, "plan_trip");
    assert.deepEqual(JSON.parse(call?.arguments ?? "null"), planArguments);

    const structured = await post({
      messages,
      response_format: { type: "json_schema", json_schema: { name: "shirt", schema: laterParameters } },
    });
    assert.equal(structured.status, 200, await structured.clone().text());
    const extension = ((await structured.json()) as { edgecall: { responseFormatProblems: string[] } })
      .edgecall;
    assert.deepEqual(extension.responseFormatProblems, []);

    const backtracking = { type: "object", properties: { s: { type: "string", pattern: "(a)\\1" } } };
    const refused = await post({
      messages,
      tools: [{ type: "function", function: { name: "rx", parameters: backtracking } }],
    });
    assert.equal(refused.status, 400);
    const error = ((await refused.json()) as { error: { param: string; message: string } }).error;
    assert.equal(error.param, "tools[0].function.parameters");
    assert.match(error.message, /only patterns that run in linear time/);
  });

  it("an MCP tool whose schema cannot compile is not offered; the others are", () => {
    const listed = (name: string, inputSchema: Record<string, unknown>) =>
      toolFromMcp({} as never, { name, inputSchema } as never, 1000);
    const source: McpToolSource = {
      serverName: "test",
      commandLine: "test",
      tools: [
        listed("plan_trip", zodParameters),
        listed("order_shirt", laterParameters),
        listed("rx", { type: "object", properties: { s: { type: "string", pattern: "^(?=x)" } } }),
        listed("old", { $schema: "http://json-schema.org/draft-04/schema#", type: "object" }),
      ],
      close: async () => {},
    };
    const registry = new ToolRegistry();
    const { added, skipped } = registerMcpTools(registry, source);
    assert.deepEqual(added, ["plan_trip", "order_shirt"]);
    assert.deepEqual(
      skipped.map((tool) => tool.name),
      ["rx", "old"],
    );
    assert.match(
      skipped[0]?.reason ?? "",
      /its input schema cannot be used: pattern "\^\(\?=x\)" is not supported/,
    );
    assert.match(skipped[1]?.reason ?? "", /draft-04 is not supported/);
  });

  it("the guards check an MCP tool's ^(a+)+$ on 30k 'a' + 'b' on the linear engine (liveness, not speed)", async () => {
    const script = `
      import { SchemaGuard } from "./src/guards/schema-guard.ts";
      import { toolFromMcp } from "./src/mcp/mcp-client-tools.ts";
      import { compileJsonSchema } from "./src/json-schema/schema-compiler.ts";
      const inputSchema = { type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" } } };
      const tool = toolFromMcp({}, { name: "echo", inputSchema }, 1000);
      const problem = new SchemaGuard().check(tool, { s: "a".repeat(30000) + "b" });
      console.log(JSON.stringify({ problem, engine: compileJsonSchema(inputSchema).compiled.patternEngine }));`;
    const outcome = await runScriptWithDeadline(script);
    assert.equal(outcome.timedOut, false, "the guard must finish (a backtracking engine never does)");
    const answer = JSON.parse(outcome.stdout) as { problem: string; engine: string };
    assert.equal(answer.engine, "re2js");
    assert.equal(answer.problem, 'arguments/s must match pattern "^(a+)+$"');
  });

  it("an MCP server's output schemas: 2020-12 tuples fit, ^(a+)+$ runs on the linear engine (liveness)", async () => {
    const server = `"${process.execPath}" --import tsx ${join(repoRoot, "test/schema-mcp-server.test-support.ts")}`;
    const script = `
      import { connectMcpTools, registerMcpTools } from "./src/mcp/mcp-client-tools.ts";
      import { ToolRegistry } from "./src/tools/tool-registry.ts";
      const source = await connectMcpTools(${JSON.stringify(server)}, { stderr: "ignore" });
      const registry = new ToolRegistry();
      const { added, skipped } = registerMcpTools(registry, source);
      const outcome = async (name) => {
        try { return { ok: await registry.get(name).execute({}, {}) }; }
        catch (error) { return { error: error.message }; }
      };
      const pair = await outcome("pair");
      const redos = await outcome("redos");
      await source.close();
      console.log(JSON.stringify({ added, skipped: skipped.map((tool) => tool.name), pair, redos }));`;
    const outcome = await runScriptWithDeadline(script);
    assert.equal(outcome.timedOut, false, "the call must finish (a backtracking engine never does)");
    const answer = JSON.parse(outcome.stdout) as {
      added: string[];
      skipped: string[];
      pair: { ok?: unknown; error?: string };
      redos: { ok?: unknown; error?: string };
    };
    assert.deepEqual(answer.added, ["pair", "redos"]);
    assert.deepEqual(answer.skipped, ["backref"]);
    assert.equal(answer.pair.error, undefined, "a 2020-12 tuple is not read as draft-07's items: false");
    assert.match(answer.redos.error ?? "", /structuredContent\/s must match pattern "\^\(a\+\)\+\$"/);
  });
});
