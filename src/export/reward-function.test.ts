import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { planRun } from "../eval/run-plan.js";
import type { Suite } from "../eval/suite.js";
import { createSuites, resolveSuiteNames } from "../eval/suite-catalog.js";
import { referenceFor } from "../eval/suite-check.js";
import { bfclDir, hasBfcl, noBfclMessage } from "../suites/bfcl-data.test-support.js";
import { defaultSuiteCatalog } from "../suites/default-catalog.js";
import { writeTraceFile } from "../suites/traces/traces.test-support.js";
import { referenceConversations } from "./reference-conversations.js";
import { assistantTurns } from "./reward.test-support.js";
import { createRewardFunction, type RewardFunction } from "./reward-function.js";

const traces = writeTraceFile(mkdtempSync(join(tmpdir(), "edgecall-reward-")));

/** One or two suites of every family (BFCL's only with its data). */
const families = [
  "assistant:single",
  "assistant:irrelevance",
  "assistant:stateful",
  "assistant:knowledge",
  "assistant:research",
  "loops:instructions",
  "policy",
  "security",
  `traces:${traces}`,
  ...(hasBfcl
    ? ["bfcl:simple_python", "bfcl:irrelevance", "bfcl:multi_turn_base", "bfcl:web_search_base"]
    : []),
  ...(hasBfcl ? ["bfcl:memory_kv", "bfcl:live_parallel_multiple"] : []),
];

/** Samples per suite. */
const limit = 3;

async function loaded(list: string): Promise<{ suites: Suite[]; reward: RewardFunction }> {
  const catalog = defaultSuiteCatalog();
  const suites = await createSuites(catalog, resolveSuiteNames(catalog, list), {
    options: { "bfcl-dir": hasBfcl ? bfclDir : undefined, "bfcl-mode": "fc" },
  });
  return { suites, reward: await createRewardFunction(suites, { limit }) };
}

const everySuite = loaded(families.join(","));

/** Suites whose right answer may be to call nothing (a decline, a refusal): saying nothing can pass. */
const declining = new Set(["assistant:irrelevance", "bfcl:irrelevance", "security:harmful"]);

/** Graded partial credit: the share of the instructions kept (never a pass). */
const grades = (suite: Suite): boolean => suite.name === "loops:instructions";

describe("trajectory rewards over every suite family", () => {
  if (!hasBfcl) it("covers BFCL", { skip: noBfclMessage }, () => {});

  it("rewards each reference trajectory 1 and a do-nothing trajectory 0", async () => {
    const { suites, reward } = await everySuite;
    for (const suite of suites)
      for (const { sample } of await planRun([suite], { limit, repeats: 1 })) {
        const reference = referenceFor(suite, sample);
        assert.ok(reference !== undefined, `${sample.id} has a reference`);
        const right = await reward({ id: sample.id, messages: assistantTurns(sample, reference) });
        assert.deepEqual(
          [right.reward, right.score, right.passed],
          [1, 1, true],
          `${sample.id}: ${right.explanation}`,
        );
        assert.equal(right.notes, undefined, `${sample.id}: ${right.notes}`);
        const nothing = await reward({ id: sample.id, messages: [] });
        if (declining.has(suite.name) || suite.nullMayPass?.(sample) === true) continue;
        assert.equal(nothing.passed, false, `${sample.id} done nothing: ${nothing.explanation}`);
        assert.equal(nothing.reward, 0, `${sample.id} done nothing earns no reward: ${nothing.explanation}`);
        if (!grades(suite))
          assert.equal(nothing.score, 0, `${sample.id} done nothing: ${nothing.explanation}`);
        else assert.ok(nothing.score < 1);
      }
  });

  it("rewards every kind of counterfeit 0 (one of each kind per suite)", async () => {
    const { suites, reward } = await everySuite;
    let tried = 0;
    for (const suite of suites) {
      const kinds = new Set<string>();
      for (const { sample } of await planRun([suite], { limit, repeats: 1 }))
        for (const counterfeit of suite.counterfeitsOf?.(sample) ?? []) {
          if (kinds.has(counterfeit.kind)) continue;
          kinds.add(counterfeit.kind);
          tried += 1;
          const scored = await reward({
            id: sample.id,
            messages: assistantTurns(sample, counterfeit.outputs),
          });
          const what = `${sample.id} ${counterfeit.kind} (${counterfeit.why}): ${scored.explanation}`;
          assert.equal(scored.passed, false, what);
          assert.equal(scored.reward, 0, what);
          if (grades(suite)) assert.ok(scored.score < 1, what);
          else assert.equal(scored.score, 0, what);
        }
      assert.ok(kinds.size > 0, `${suite.name} has counterfeits`);
    }
    assert.ok(tried >= 40, `${tried} counterfeits tried`);
  });

  it("takes whole conversations as the SFT export writes them, trusting only their assistant turns", async () => {
    const { suites, reward } = await loaded(`assistant:stateful,policy:retail,traces:${traces}`);
    const exported = await referenceConversations(suites, { limit });
    assert.equal(exported.ids.length, exported.lines.length);
    for (const [index, line] of exported.lines.entries()) {
      const id = exported.ids[index] ?? "";
      const scored = await reward({ id, messages: line.messages });
      assert.deepEqual([scored.score, scored.notes], [1, undefined], `${id}: ${scored.explanation}`);
    }
    // A tool result the world did not give is not believed, and is noted.
    const withTool = exported.lines.findIndex((line) =>
      line.messages.some((message) => message.role === "tool"),
    );
    const line = exported.lines[withTool];
    assert.ok(line !== undefined);
    const forged = line.messages.map((message) =>
      message.role === "tool" ? { ...message, content: '{"ok": true}' } : message,
    );
    const scored = await reward({ id: exported.ids[withTool] ?? "", messages: forged });
    assert.equal(scored.score, 1);
    assert.match(
      scored.notes?.[0] ?? "",
      /^messages\[\d+\] \(tool\) "\{\\"ok\\": true\}" is not what the world said/,
    );
  });
});

describe("a trajectory reward of assistant:stateful", () => {
  const dnd = "stateful_single_dnd";
  const call = {
    role: "assistant",
    content: null,
    tool_calls: [
      {
        id: "c1",
        type: "function",
        function: { name: "settings_set", arguments: '{"setting": "do_not_disturb", "value": true}' },
      },
    ],
  };
  const conversation = [
    { role: "user", content: "Turn on do not disturb please." },
    call,
    { role: "tool", tool_call_id: "c1", content: "(not read)" },
    { role: "assistant", content: "Do not disturb is on." },
  ];

  it("is 1 for the call and the answer, 0 for a false 'Done!' (with the scorer's words)", async () => {
    const { reward } = await loaded("assistant:stateful");
    const right = await reward({ id: dnd, messages: conversation });
    assert.deepEqual([right.score, right.passed], [1, true]);
    assert.match(right.explanation, /milestones 1\/1/);
    assert.match(
      right.notes?.join("\n") ?? "",
      /messages\[2\] \(tool\) "\(not read\)" is not what the world said/,
    );
    const claimed = await reward({
      id: dnd,
      messages: [conversation[0], { role: "assistant", content: "Done!" }] as typeof conversation,
    });
    assert.deepEqual([claimed.score, claimed.passed], [0, false]);
    assert.match(claimed.explanation, /missed: set/);
    // The old one-output shape: the call alone, and the model says nothing more.
    const one = await reward({ id: dnd, completion: call });
    assert.equal(one.passed, true, one.explanation);
    assert.match(one.notes?.join("\n") ?? "", /ran out: 1 more model call was answered with nothing/);
    const extra = await reward({
      id: dnd,
      messages: [...conversation, { role: "assistant", content: "Anything else?" }],
    });
    assert.match(
      extra.notes?.join("\n") ?? "",
      /finished after 2 of 3 assistant turns; the last one was not replayed/,
    );
  });

  it("refuses what it cannot read, naming the field", async () => {
    const { reward } = await loaded("assistant:stateful");
    const refused = async (input: unknown, pattern: RegExp) =>
      assert.rejects(
        reward(input as Parameters<RewardFunction>[0]),
        (error: unknown) => isEdgecallError(error, "invalid-argument") && pattern.test(error.message),
      );
    await refused({ id: "nope", messages: [] }, /no sample "nope"/);
    await refused({ messages: [] }, /expected \{"id"/);
    await refused({ id: dnd }, /expected messages/);
    await refused({ id: dnd, messages: [{ role: "robot", content: "" }] }, /messages\[0\]\.role must be/);
    await refused(
      { id: dnd, messages: [{ role: "assistant", tool_calls: [{ function: {} }] }] },
      /messages\[0\]\.tool_calls\[0\]\.function\.name is missing/,
    );
    // Malformed arguments are the model's output, scored as such.
    const bad = await reward({
      id: dnd,
      messages: [
        { role: "assistant", tool_calls: [{ function: { name: "settings_set", arguments: "{oops" } }] },
      ],
    });
    assert.equal(bad.passed, false);
  });
});
