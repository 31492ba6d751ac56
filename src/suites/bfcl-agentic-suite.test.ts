import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { createReplayBackend } from "../backend/replay-backend.js";
import type { AgenticTarget } from "../bfcl/agentic/agentic-target.js";
import type { RequestSettings } from "../eval/request-settings.js";
import type { AgentRunSettings } from "../eval/solver.js";
import type { Sample } from "../eval/suite.js";
import { turnRecordingBackend } from "../eval/turn-recording-backend.js";
import { getFormat } from "../formats/registry.js";
import { bfclAgenticSolver } from "./bfcl-agentic-solver.js";
import { createBfclAgenticSuite } from "./bfcl-agentic-suite.js";
import { bfclDir, hasBfcl, noBfclMessage } from "./bfcl-data.test-support.js";

const settings: RequestSettings = { seed: 1, maxTokens: 64, decoding: "free", toolChoice: "auto" };
const agent: AgentRunSettings = { confirm: "deny", maxSteps: 10, maxUserTurns: 1 };
const call = (name: string, args: Record<string, unknown>): string =>
  `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;

function replayFile(lines: Array<{ id?: string; output: string }>): string {
  const path = join(mkdtempSync(join(tmpdir(), "edgecall-agentic-")), "replay.jsonl");
  writeFileSync(path, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  return path;
}

describe("bfcl:memory_* and bfcl:web_search_* suites", { skip: hasBfcl ? false : noBfclMessage }, () => {
  it("memory: the prerequisite conversations write the memory every question of the scenario reads", async () => {
    const suite = createBfclAgenticSuite("memory_kv", { bfclDir });
    const samples = suite.samples() as Sample<AgenticTarget>[];
    const [first, second] = samples.filter((sample) => sample.target.scenario === "customer");
    assert.ok(first && second);
    assert.equal(first.id, "memory_kv_0-customer-0");
    // The first customer conversation has five turns: one stores the name, the rest only reply.
    const prerequisite = "memory_kv_prereq_0-customer-0";
    const lines = [
      { id: prerequisite, output: call("core_memory_add", { key: "first_name", value: "Michael" }) },
      ...Array.from({ length: 12 }, () => ({ id: prerequisite, output: "Noted." })),
      // The scenario's nine other conversations: each turn answered with text (lines without an id).
      ...Array.from({ length: 200 }, () => ({ output: "Noted." })),
      { id: first.id, output: call("core_memory_retrieve", { key: "first_name" }) },
      { id: first.id, output: "{'answer': 'Michael', 'context': 'core memory'}" },
      { id: second.id, output: "{'answer': 'I do not know', 'context': 'I do not know'}" },
    ];
    const replay = createReplayBackend({ path: replayFile(lines), format: getFormat("qwen3") });
    const solve = async (sample: Sample<AgenticTarget>) => {
      const backend = turnRecordingBackend(replay, undefined);
      const transcript = await bfclAgenticSolver.solve(sample, { backend, settings, repeat: 0, agent });
      return { transcript, score: await suite.scorer.score(sample, transcript) };
    };
    const [a, b] = await Promise.all([solve(first), solve(second)]);
    assert.equal(a.score.passed, true, a.score.explanation);
    assert.equal(b.score.passed, false);
    assert.equal(b.score.errorType, "agentic:answer_not_found");
    // The question's transcript holds only its own calls, not the prerequisite conversations.
    assert.equal(a.transcript.turns.length, 2);
    const details = a.score.details as {
      prerequisite: { toolCalls: number; failed: unknown[]; conversations: number };
    };
    assert.equal(details.prerequisite.toolCalls, 1);
    assert.equal(details.prerequisite.conversations, 10);
    assert.equal(details.prerequisite.failed.length, 0);
    const questionRequest = replay.requests.find((request) => request.sampleId === first.id);
    const system = questionRequest?.messages[0]?.content ?? "";
    assert.match(system, /"first_name": "Michael"/);
    assert.match(system, /For your final answer to the user, you must respond in this format/);
    const retrieved = a.transcript.trajectory?.events.find((event) => event.type === "tool");
    assert.deepEqual(retrieved?.type === "tool" ? retrieved.outcome : undefined, {
      ok: true,
      output: '{"value": "Michael"}',
    });
  });

  it("memory: a question whose prerequisite conversations failed is a harness error, not scored on an empty memory", async () => {
    const suite = createBfclAgenticSuite("memory_kv", { bfclDir });
    const samples = suite.samples() as Sample<AgenticTarget>[];
    const first = samples.find((sample) => sample.target.scenario === "customer");
    assert.ok(first);
    // Only the first conversation is scripted: the nine others end in a harness error (no output left).
    const prerequisite = "memory_kv_prereq_0-customer-0";
    const lines = [
      ...Array.from({ length: 12 }, () => ({ id: prerequisite, output: "Noted." })),
      { id: first.id, output: "{'answer': 'I do not know', 'context': 'I do not know'}" },
    ];
    const replay = createReplayBackend({ path: replayFile(lines), format: getFormat("qwen3") });
    const backend = turnRecordingBackend(replay, undefined);
    const transcript = await bfclAgenticSolver.solve(first, { backend, settings, repeat: 0, agent });
    assert.equal(transcript.error?.code, "memory-prerequisite-failed");
    assert.match(transcript.error?.message ?? "", /9 of 10 prerequisite conversations failed/);
    assert.match(transcript.error?.message ?? "", /memory_kv_prereq_1-customer-1/);
    assert.equal(transcript.turns.length, 0, "the question is not asked of an incomplete memory");
    const details = transcript.solverDetails as { prerequisite: { failed: unknown[] } };
    assert.equal(details.prerequisite.failed.length, 9, "the failures stay in the details");
  });

  it("web search: BFCL's API over the offline corpus; force-quit and no answer are BFCL's error types", async () => {
    const suite = createBfclAgenticSuite("web_search_no_snippet", { bfclDir });
    const [sample] = suite.samples() as Sample<AgenticTarget>[];
    assert.ok(sample);
    assert.equal(sample.id, "web_search_no_snippet_0");
    const lines = Array.from({ length: 21 }, () => ({
      id: sample.id,
      output: call("search_engine_query", { keywords: "weather forecast", max_results: 2 }),
    }));
    const replay = createReplayBackend({ path: replayFile(lines), format: getFormat("qwen3") });
    const backend = turnRecordingBackend(replay, undefined);
    const transcript = await bfclAgenticSolver.solve(sample, { backend, settings, repeat: 0, agent });
    const score = await suite.scorer.score(sample, transcript);
    assert.equal(score.errorType, "agentic:no_last_message");
    assert.equal(transcript.trajectory?.stopReason, "max-steps");
    assert.match(
      String((score.details as { notComparable: string }).notComparable),
      /not comparable with BFCL/,
    );
    const tool = transcript.trajectory?.events.find((event) => event.type === "tool");
    const output = tool?.type === "tool" && tool.outcome?.ok ? String(tool.outcome.output) : "";
    assert.match(output, /^\[\{'title': /, "a list result is recorded as str(), as BFCL records it");
    assert.doesNotMatch(output, /'body'/, "no_snippet drops the snippet");
  });

  it("suite check's references pass and the null model fails, for every agentic category", () => {
    for (const category of ["memory_rec_sum", "memory_vector", "web_search_base"] as const) {
      const suite = createBfclAgenticSuite(category, { bfclDir });
      const samples = suite.samples() as Sample<AgenticTarget>[];
      assert.equal(samples.length, category.startsWith("memory") ? 155 : 100);
      for (const sample of samples) {
        const reference = suite.referenceOf?.(sample) ?? [];
        const final = reference.at(-1);
        assert.ok(final && "text" in final, sample.id);
      }
    }
  });
});
