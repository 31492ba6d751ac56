import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isEdgecallError } from "../../errors.js";
import { runEvalSession } from "../../eval/eval-session.js";
import { resolveSuiteNames } from "../../eval/suite-catalog.js";
import { checkSuites } from "../../eval/suite-check.js";
import { defaultSuiteCatalog } from "../default-catalog.js";
import { defaultTraceScoring, scoreTraceReply } from "./trace-scorer.js";
import { badLines, traceIds, traceTools, writeTraceFile } from "./traces.test-support.js";
import { createTracesSuite, parseTracesSuiteName, readTraces } from "./traces-suite.js";

const scratch = mkdtempSync(join(tmpdir(), "edgecall-traces-"));
const path = writeTraceFile(scratch);
const ids = traceIds("team.jsonl");

function calls(list: { name: string; arguments: Record<string, unknown> }[]): string {
  return JSON.stringify(list);
}

/**
 * The replayed model, turn by turn:
 *   1:1 get_weather(city="paris")            right by BFCL's string rules, wrong with strings=exact
 *   1:2 calls get_weather where the trace answered in text: wrong
 *   1:3 both calls, in the other order: right
 *   2:1 convert_currency(amount=99.5, ...)   wrong when equal, right within tolerance=0.01
 */
const replayLines = [
  [ids[0]!.id, calls([{ name: "get_weather", arguments: { city: "paris" } }])],
  [ids[1]!.id, calls([{ name: "get_weather", arguments: { city: "Paris" } }])],
  [
    ids[2]!.id,
    calls([
      { name: "get_weather", arguments: { city: "Rome", unit: "fahrenheit" } },
      { name: "get_weather", arguments: { city: "Berlin", unit: "fahrenheit" } },
    ]),
  ],
  [ids[3]!.id, calls([{ name: "convert_currency", arguments: { amount: 99.5, from: "USD", to: "EUR" } }])],
];
const replayPath = join(scratch, "model.jsonl");
writeFileSync(
  replayPath,
  `${replayLines.map(([id, output]) => JSON.stringify({ id, output })).join("\n")}\n`,
);

async function passedBySample(suite: string): Promise<Record<string, boolean>> {
  const outcome = await runEvalSession({
    catalog: defaultSuiteCatalog(),
    model: `replay:${replayPath}`,
    suites: suite,
    progress: false,
    out: join(scratch, "runs"),
  });
  return Object.fromEntries(outcome.results.map((result) => [result.id, result.passed]));
}

describe("traces:FILE.jsonl", () => {
  it("makes every assistant turn a sample with a stable id, its context and the file's sha256 as version", async () => {
    const suite = createTracesSuite(`traces:${path}`);
    const samples = await suite.samples();
    assert.ok(Array.isArray(samples));
    assert.deepEqual(
      samples.map((sample) => ({ id: sample.id, category: sample.category })),
      ids,
    );
    assert.equal(suite.version, `sha256:${createHash("sha256").update(readFileSync(path)).digest("hex")}`);
    const [first, second, third, pair] = samples;
    assert.deepEqual(
      first?.messages.map((message) => message.role),
      ["system", "user"],
    );
    assert.deepEqual(
      second?.messages.map((message) => message.role),
      ["system", "user", "assistant", "tool"],
    );
    assert.equal(third?.messages.length, 6);
    assert.deepEqual(
      pair?.messages.map((message) => message.role),
      ["user"],
    );
    assert.deepEqual(
      first?.tools.map((tool) => tool.name),
      ["get_weather", "convert_currency"],
    );
    assert.equal(pair?.target.calls[0]?.argumentsText, '{"amount": 100.0, "from": "USD", "to": "EUR"}');
  });

  it("names each bad line by line and field, skips it and counts it", () => {
    const suite = createTracesSuite(`traces:${path}`);
    const notes = suite.notes ?? [];
    assert.match(notes[0] ?? "", /5 problem\(s\) on 5 of 7 lines, skipped/);
    badLines.forEach((bad, index) => {
      const note = notes[index + 1] ?? "";
      const line = index + 3;
      assert.ok(note.startsWith(`${path}: line ${line}: `), note);
      if (bad.field !== "line") assert.ok(note.includes(` ${bad.field}: `), `${note} names ${bad.field}`);
      assert.match(note, bad.message);
    });
  });

  it("scores right, wrong and text turns as hand-computed, with the scoring options", async () => {
    assert.deepEqual(await passedBySample(`traces:${path}`), {
      [ids[0]!.id]: true,
      [ids[1]!.id]: false,
      [ids[2]!.id]: true,
      [ids[3]!.id]: false,
    });
    assert.deepEqual(await passedBySample(`traces:${path}?tolerance=0.01`), {
      [ids[0]!.id]: true,
      [ids[1]!.id]: false,
      [ids[2]!.id]: true,
      [ids[3]!.id]: true,
    });
    assert.deepEqual(await passedBySample(`traces:${path}?strings=exact`), {
      [ids[0]!.id]: false,
      [ids[1]!.id]: false,
      [ids[2]!.id]: true,
      [ids[3]!.id]: false,
    });
  });

  it("passes its own reference solutions; the null model passes none (its apology answers no text turn)", async () => {
    const suite = createTracesSuite(`traces:${path}`);
    const [check] = await checkSuites([suite], {});
    assert.equal(check?.gold.passed, 4, JSON.stringify(check?.gold.explanations));
    assert.equal(check?.null.passed, 0);
  });

  it("resolves as a suite name of the default catalog, and refuses unknown options and missing files", () => {
    assert.deepEqual(resolveSuiteNames(defaultSuiteCatalog(), `assistant:single,traces:${path}`), [
      "assistant:single",
      `traces:${path}`,
    ]);
    assert.deepEqual(parseTracesSuiteName("traces:a.jsonl?strings=exact&tolerance=0.5").scoring, {
      strings: "exact",
      tolerance: 0.5,
    });
    assert.throws(
      () => parseTracesSuiteName("traces:a.jsonl?tolerance=-1"),
      (error: unknown) => isEdgecallError(error, "usage") && /tolerance=NUMBER/.test(error.message),
    );
    assert.throws(
      () => createTracesSuite(`traces:${join(scratch, "missing.jsonl")}`),
      (error: unknown) => isEdgecallError(error, "file-not-found"),
    );
  });

  it("reads a batch-output pair (response.body) as the turn after the request's own assistant turns", () => {
    const line = {
      request: {
        messages: [
          { role: "user", content: "hi" },
          { role: "assistant", content: "Hello! How can I help?" },
          { role: "user", content: "Weather in Oslo?" },
        ],
        tools: traceTools,
      },
      response: {
        status_code: 200,
        body: {
          choices: [
            {
              message: {
                role: "assistant",
                tool_calls: [
                  {
                    id: "a",
                    type: "function",
                    function: { name: "get_weather", arguments: '{"city":"Oslo"}' },
                  },
                ],
              },
            },
          ],
        },
      },
    };
    const bad = { request: { messages: [] }, response: { choices: [{ message: { role: "user" } }] } };
    const read = readTraces(
      "traces:batch.jsonl",
      "/x/batch.jsonl",
      `${JSON.stringify(line)}\n${JSON.stringify(bad)}\n`,
    );
    assert.deepEqual(
      read.samples.map((sample) => [sample.id, sample.category, sample.messages.length]),
      [["traces:batch.jsonl:1:2", "call", 3]],
    );
    assert.deepEqual(read.problems, [
      { line: 2, field: "response.choices[0].message.role", message: "must be 'assistant'" },
    ]);
  });

  it("keeps turns whose calls hold objects and arrays of objects, and compares them key by key", () => {
    const tools = [
      {
        type: "function",
        function: {
          name: "plan",
          parameters: {
            type: "object",
            properties: {
              stops: { type: "array", items: { type: "object", properties: { city: { type: "string" } } } },
              options: { type: "object", properties: { fast: { type: "boolean" } } },
              tags: { type: "array", items: { type: "string" } },
            },
            required: ["stops"],
          },
        },
      },
    ];
    const args = { stops: [{ city: "Oslo" }, { city: "Bergen" }], options: { fast: true }, tags: ["a", "b"] };
    const line = {
      messages: [
        { role: "user", content: "plan it" },
        {
          role: "assistant",
          tool_calls: [
            { id: "1", type: "function", function: { name: "plan", arguments: JSON.stringify(args) } },
          ],
        },
      ],
      tools,
    };
    const read = readTraces("traces:nested.jsonl", "nested.jsonl", JSON.stringify(line));
    assert.deepEqual(read.problems, []);
    const sample = read.samples[0]!;
    const reply = (value: Record<string, unknown>) => ({
      content: "",
      reasoning: "",
      errors: [],
      toolCalls: [{ name: "plan", arguments: value }],
    });
    const score = (value: Record<string, unknown>) =>
      scoreTraceReply(sample, reply(value), defaultTraceScoring);
    assert.equal(score({ ...args, stops: [{ city: "oslo" }, { city: "Bergen" }] }).passed, true);
    assert.equal(score({ ...args, options: { fast: false } }).errorType, "value_error:dict_value");
    assert.equal(score({ ...args, tags: ["b", "a"] }).passed, false);
  });
});
