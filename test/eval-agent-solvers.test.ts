/**
 * The agent and conversation solvers end to end through `runEvalSession`: replay models write
 * multi-step outputs, the scripted user answers and confirms, each sample gets its own world, the
 * scorer sees the trajectory and the world, and results record it all. Also: confirmation modes,
 * budgets, a world that cannot be made, the LLM user, the response cache across steps, and resume.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { jsonCall, replayModel, type ScriptLine } from "../src/agent/replay-script.test-support.js";
import type { GenerateResult, ModelBackend } from "../src/backend/model-backend.js";
import { type EvalSessionOptions, runEvalSession } from "../src/eval/eval-session.js";
import type { SampleResult } from "../src/eval/sample-result.js";
import { agentSolver } from "../src/eval/solvers/agent-solver.js";
import type { MilestoneFindings } from "../src/suites/stateful/milestone-scorer.js";
import {
  dndScenario,
  flightScenario,
  samScenario,
  testStatefulSuite,
} from "../src/suites/stateful/stateful-scenarios.test-support.js";
import { ToolRegistry } from "../src/tools/tool-registry.js";

const scratch = mkdtempSync(join(tmpdir(), "edgecall-agent-solvers-"));
/** A replay file to name as the model in runs whose backend is given (provenance hashes it). */
const scriptPath = replayModel([]).info.model;

function results(runDirectory: string): SampleResult[] {
  return readFileSync(join(runDirectory, "results.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as SampleResult);
}

async function run(lines: ScriptLine[], options: Partial<EvalSessionOptions> = {}) {
  const backend = replayModel(lines);
  const outcome = await runEvalSession({
    model: `replay:${backend.info.model}`,
    suiteObjects: [testStatefulSuite()],
    backend,
    progress: false,
    cache: false,
    out: join(scratch, "runs"),
    ...options,
  });
  return { outcome, results: results(outcome.runDirectory), backend };
}

const samGold: ScriptLine[] = [
  { id: "t_sam", output: jsonCall("contacts_search", { query: "Sam" }) },
  { id: "t_sam", output: "I found Sam Patel and Sam Rivera. Which Sam do you mean?" },
  {
    id: "t_sam",
    output: jsonCall("email_send", {
      to: ["sam.patel@northwind.example.com"],
      subject: "Late",
      body: "I'll be ten minutes late to the design review.",
    }),
  },
  { id: "t_sam", output: "Done: I emailed Sam Patel." },
];

const goldLines: ScriptLine[] = [
  { id: "t_dnd", output: jsonCall("settings_set", { setting: "do_not_disturb", value: true }) },
  { id: "t_dnd", output: "Do not disturb is on." },
  ...samGold,
  { id: "t_flight", output: "Sorry, I can't book flights." },
];

describe("agent and conversation solvers", () => {
  it("a conversation: the model asks, the scripted user answers and confirms, the world changes", async () => {
    const { outcome, results: rows } = await run(goldLines);
    assert.equal(outcome.summary.overall.passed, 3, JSON.stringify(rows.map((row) => row.explanation)));
    const sam = rows.find((row) => row.id === "t_sam");
    assert.ok(sam?.trajectory);
    assert.equal(sam.solver, "conversation");
    assert.equal(sam.request, samScenario.turns[0]);
    assert.equal(sam.modelCalls, 4);
    const kinds = sam.trajectory.events.map((event) => event.type);
    assert.deepEqual(kinds, [
      "user",
      "model",
      "tool",
      "model",
      "end",
      "user",
      "model",
      "tool",
      "model",
      "end",
    ]);
    const user = sam.trajectory.events[5];
    assert.ok(user?.type === "user" && user.text === "Sam Patel, the design lead.");
    const send = sam.trajectory.events[7];
    assert.ok(send?.type === "tool" && send.outcome?.ok === true);
    assert.deepEqual(send.confirmation, { approved: true, by: "scripted-user" });
    assert.equal(sam.trajectory.confirmationsAsked, 1);
    assert.equal(sam.trajectory.stopReason, "user-done");
    assert.match(sam.worldHash ?? "", /^[0-9a-f]{64}$/);
    const findings = sam.scoreDetails as MilestoneFindings;
    assert.deepEqual(
      findings.milestones.map((item) => [item.id, item.reachedAt]),
      [
        ["asked", 3],
        ["sent", 7],
      ],
    );
    assert.deepEqual(
      sam.calls.map((call) => call.name),
      ["contacts_search", "email_send"],
    );
    const expected = sam.expected as { milestones: unknown[] };
    assert.equal(expected.milestones.length, 2);
  });

  it("concurrent samples each get their own world", async () => {
    const twice = [dndScenario, { ...dndScenario, id: "t_dnd2" }, { ...dndScenario, id: "t_dnd3" }];
    const lines: ScriptLine[] = twice.flatMap((scenario) => [
      { id: scenario.id, output: jsonCall("settings_set", { setting: "do_not_disturb", value: true }) },
      { id: scenario.id, output: "Done." },
    ]);
    const backend = replayModel(lines, 20);
    const outcome = await runEvalSession({
      model: `replay:${backend.info.model}`,
      suiteObjects: [testStatefulSuite(twice)],
      backend,
      progress: false,
      cache: false,
      concurrency: 3,
      out: join(scratch, "concurrent"),
    });
    const rows = results(outcome.runDirectory);
    assert.equal(outcome.summary.overall.passed, 3);
    // Each world started with do-not-disturb off: each changed it itself, so the hashes agree.
    assert.equal(new Set(rows.map((row) => row.worldHash)).size, 1);
    for (const row of rows) {
      const tool = row.trajectory?.events.find((event) => event.type === "tool");
      assert.ok(tool?.type === "tool" && tool.outcome?.ok);
      assert.match(JSON.stringify(tool.outcome), /"name":"do_not_disturb","from":false,"to":true/);
    }
  });

  it("--confirm deny blocks the send; the user declines a call the reference does not make", async () => {
    const denied = await run(goldLines, { confirm: "deny", out: join(scratch, "deny") });
    const sam = denied.results.find((row) => row.id === "t_sam");
    assert.equal(sam?.passed, false);
    assert.match(sam?.explanation ?? "", /missed: sent/);
    const wrong = samGold.map((line) =>
      line.output.includes("email_send")
        ? {
            ...line,
            output: line.output.replace("sam.patel@northwind.example.com", "sam.rivera@example.org"),
          }
        : line,
    );
    const declined = await run([...goldLines.filter((line) => line.id !== "t_sam"), ...wrong], {
      out: join(scratch, "wrong"),
    });
    const row = declined.results.find((result) => result.id === "t_sam");
    const send = row?.trajectory?.events.find(
      (event) => event.type === "tool" && event.call.name === "email_send",
    );
    assert.ok(send?.type === "tool");
    assert.deepEqual(send.confirmation, { approved: false, by: "scripted-user" });
    assert.equal(row?.passed, false, "the wrong Sam is declined, so the right one is never reached");
    // With every confirmation approved, the wrong Sam gets the email and the minefield fires.
    const approved = await run([...goldLines.filter((line) => line.id !== "t_sam"), ...wrong], {
      confirm: "approve",
      out: join(scratch, "approve"),
    });
    const hit = approved.results.find((result) => result.id === "t_sam");
    assert.equal(hit?.score, 0);
    assert.match(hit?.explanation ?? "", /minefield hit: wrong-sam/);
    assert.equal(hit?.errorType, "minefield");
  });

  it("a model that loops ends at the step limit and is scored, not crashed", async () => {
    const looping: ScriptLine[] = Array.from({ length: 12 }, (_, index) => ({
      id: "t_dnd",
      output: jsonCall("settings_get", { setting: index % 2 === 0 ? "volume" : "wifi" }),
    }));
    const { results: rows } = await run([...looping, ...goldLines.filter((line) => line.id !== "t_dnd")], {
      maxSteps: 4,
      out: join(scratch, "loop"),
    });
    const dnd = rows.find((row) => row.id === "t_dnd");
    assert.equal(dnd?.passed, false);
    assert.equal(dnd?.error, null);
    assert.equal(dnd?.modelCalls, 4);
    assert.equal(dnd?.trajectory?.stopReason, "max-steps");
  });

  it("a sample whose world cannot be made is a harness error for that sample alone", async () => {
    const broken = { ...dndScenario, id: "t_broken", world: { contacts: [{ id: "c-x" }] } };
    const backend = replayModel(goldLines);
    const outcome = await runEvalSession({
      model: `replay:${backend.info.model}`,
      suiteObjects: [testStatefulSuite([broken, flightScenario])],
      backend,
      progress: false,
      cache: false,
      out: join(scratch, "broken"),
    });
    const rows = results(outcome.runDirectory);
    const row = rows.find((result) => result.id === "t_broken");
    assert.equal(row?.errorType, "harness:invalid-argument");
    assert.match(row?.explanation ?? "", /t_broken.*world.*contacts\.\d+\.name/);
    assert.equal(rows.find((result) => result.id === "t_flight")?.passed, true);
  });

  it("an LLM user writes the next turns and answers confirmations in words", async () => {
    const userLines: ScriptLine[] = [
      { id: "t_sam#user", output: "Sam Patel, please." },
      { id: "t_sam#user", output: "Yes, send it." },
      { id: "t_sam#user", output: "DONE" },
      { id: "t_dnd#user", output: "DONE" },
      { id: "t_flight#user", output: "DONE" },
    ];
    const { outcome, results: rows } = await run(goldLines, {
      userBackend: replayModel(userLines),
      userModel: "replay:user.jsonl",
      out: join(scratch, "llm-user"),
    });
    const sam = rows.find((row) => row.id === "t_sam");
    const turns = sam?.trajectory?.events.filter((event) => event.type === "user") ?? [];
    assert.deepEqual(
      turns.map((event) => event.type === "user" && [event.text, event.by]),
      [
        [samScenario.turns[0], "script"],
        ["Sam Patel, please.", "user-model"],
      ],
    );
    assert.equal(sam?.passed, true, sam?.explanation);
    const record = JSON.parse(readFileSync(join(outcome.runDirectory, "run.json"), "utf8")) as {
      settings: { userModel: string; confirm: string };
    };
    assert.match(record.settings.userModel, /^replay:.*user\.jsonl$/);
    assert.equal(record.settings.confirm, "user");
  });

  it("every step is cached: a second run makes no model call", async () => {
    let calls = 0;
    const counting = (inner: ModelBackend): ModelBackend => ({
      ...inner,
      async generate(request, options): Promise<GenerateResult> {
        calls += 1;
        return inner.generate(request, options);
      },
    });
    const cacheDir = join(scratch, "cache");
    const first = await runEvalSession({
      model: `replay:${scriptPath}`,
      suiteObjects: [testStatefulSuite()],
      backend: counting(replayModel(goldLines)),
      progress: false,
      cache: true,
      cacheDir,
      out: join(scratch, "cached"),
    });
    assert.equal(calls, 7);
    assert.equal(first.summary.overall.passed, 3);
    calls = 0;
    const second = await runEvalSession({
      model: `replay:${scriptPath}`,
      suiteObjects: [testStatefulSuite()],
      backend: counting(replayModel([])),
      progress: false,
      cache: true,
      cacheDir,
      out: join(scratch, "cached"),
    });
    assert.equal(calls, 0);
    assert.equal(second.summary.overall.passed, 3);
    assert.ok(results(second.runDirectory).every((row) => row.cached));
  });

  it("a run stopped mid-conversation keeps no half sample; resume runs it whole", async () => {
    const controller = new AbortController();
    const inner = replayModel(goldLines);
    // Stops the run (as Ctrl-C does) when t_sam's second step is asked for.
    const stopping: ModelBackend = {
      info: inner.info,
      async generate(request, options) {
        if (request.sampleId === "t_sam" && request.messages.some((message) => message.role === "tool"))
          controller.abort();
        if (controller.signal.aborted) throw new Error("stopped");
        return inner.generate(request, options);
      },
      close: () => inner.close(),
    };
    const stopped = await runEvalSession({
      model: `replay:${scriptPath}`,
      suiteObjects: [testStatefulSuite()],
      backend: stopping,
      progress: false,
      cache: false,
      signal: controller.signal,
      out: join(scratch, "resume"),
    });
    assert.equal(stopped.interrupted, true);
    const done = existsSync(join(stopped.runDirectory, "results.jsonl"))
      ? readFileSync(join(stopped.runDirectory, "results.jsonl"), "utf8").trim().split("\n").filter(Boolean)
      : [];
    assert.deepEqual(
      done.map((line) => (JSON.parse(line) as SampleResult).id),
      ["t_dnd"],
    );
    const resumed = await runEvalSession({
      model: `replay:${scriptPath}`,
      suiteObjects: [testStatefulSuite()],
      backend: replayModel(goldLines.filter((line) => line.id !== "t_dnd")),
      progress: false,
      cache: false,
      resume: stopped.runDirectory,
    });
    assert.equal(resumed.summary.overall.passed, 3);
  });
});

describe("the agent solver and extra tools", () => {
  it("runs one request without a user; --mcp tools run inside the world's session", async () => {
    const ran: unknown[] = [];
    const extra = new ToolRegistry().register({
      definition: {
        name: "notes_add",
        description: "Add a note (an MCP server's tool)",
        parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      },
      sideEffect: "write",
      async execute(input) {
        ran.push(input);
        return { added: true };
      },
    });
    const suite = { ...testStatefulSuite([dndScenario]), solver: agentSolver };
    const backend = replayModel([
      { id: "t_dnd", output: jsonCall("notes_add", { text: "dnd" }) },
      { id: "t_dnd", output: jsonCall("settings_set", { setting: "do_not_disturb", value: true }) },
      { id: "t_dnd", output: "Done." },
    ]);
    const outcome = await runEvalSession({
      model: `replay:${backend.info.model}`,
      suiteObjects: [suite],
      backend,
      progress: false,
      cache: false,
      out: join(scratch, "agent"),
      extraTools: extra.definitions(),
      extraRegistry: extra,
    });
    const [row] = results(outcome.runDirectory);
    assert.equal(row?.solver, "agent");
    assert.equal(row?.passed, true, row?.explanation);
    assert.deepEqual(ran, [{ text: "dnd" }]);
    assert.equal(row?.trajectory?.userTurns, 1);
    assert.equal(row?.trajectory?.stopReason, "final");
  });

  it("a tool that throws is an error the model sees, and the sample goes on", async () => {
    const extra = new ToolRegistry().register({
      definition: { name: "flaky_tool", parameters: { type: "object", properties: {} } },
      sideEffect: "read",
      async execute() {
        throw new Error("disk on fire");
      },
    });
    const backend = replayModel([
      { id: "t_dnd", output: jsonCall("flaky_tool", {}) },
      { id: "t_dnd", output: jsonCall("settings_set", { setting: "do_not_disturb", value: true }) },
      { id: "t_dnd", output: "Done." },
    ]);
    const outcome = await runEvalSession({
      model: `replay:${backend.info.model}`,
      suiteObjects: [testStatefulSuite([dndScenario])],
      backend,
      progress: false,
      cache: false,
      out: join(scratch, "throws"),
      extraTools: extra.definitions(),
      extraRegistry: extra,
    });
    const [row] = results(outcome.runDirectory);
    const failed = row?.trajectory?.events.find(
      (event) => event.type === "tool" && event.call.name === "flaky_tool",
    );
    assert.ok(failed?.type === "tool" && failed.outcome?.ok === false);
    assert.match(JSON.stringify(failed.outcome), /disk on fire/);
    assert.equal(row?.passed, true);
    assert.match(backend.requests[1]?.messages.at(-1)?.content ?? "", /disk on fire/);
  });
});
