import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Sample, Transcript } from "../../eval/suite.js";
import type { TrajectoryEvent } from "../../eval/trajectory.js";
import type { AssistantWorldState } from "./assistant-environment.js";
import { milestoneScorer, type StatefulTarget } from "./milestone-scorer.js";
import type { Milestone, Minefield } from "./scenario.js";

function state(
  settings: Record<string, string>,
  emails: Record<string, unknown>[] = [],
): AssistantWorldState {
  return {
    tables: {
      settings: Object.entries(settings).map(([key, value]) => ({ key, value })),
      emails: emails as AssistantWorldState["tables"][string],
    },
    files: {},
    texts: {},
  };
}

const events: TrajectoryEvent[] = [
  { type: "user", turn: 1, text: "go", by: "script" },
  {
    type: "model",
    turn: 1,
    step: 1,
    rawText: "",
    content: "",
    calls: [{ name: "settings_set", arguments: { setting: "wifi", value: false } }],
    parseErrors: [],
    cached: false,
  },
  {
    type: "tool",
    turn: 1,
    step: 1,
    call: { name: "settings_set", arguments: { setting: "wifi", value: false } },
    decisions: [],
    outcome: { ok: true, output: {} },
  },
  {
    type: "model",
    turn: 1,
    step: 2,
    rawText: "",
    content: "Wi-Fi is off. Anything else?",
    calls: [],
    parseErrors: [],
    cached: false,
  },
  {
    type: "tool",
    turn: 1,
    step: 3,
    call: { name: "email_send", arguments: { to: ["a@x"] } },
    decisions: [],
    outcome: { ok: true, output: {} },
  },
];

const initial = state({ wifi: "true" });
const afterWifi = state({ wifi: "false" });
const afterSend = state({ wifi: "false" }, [{ id: "m1", folder: "sent", to_addresses: '["a@x"]' }]);
const transcript: Transcript = {
  request: { messages: [] },
  turns: [],
  trajectory: { events, userTurns: 1, steps: 3, toolCalls: 2, confirmationsAsked: 0, stopReason: "final" },
  world: {
    states: [
      { afterEvent: -1, snapshot: initial },
      { afterEvent: 2, snapshot: afterWifi },
      { afterEvent: 4, snapshot: afterSend },
    ],
    finalHash: "x",
  },
};

function score(milestones: Milestone[], minefields: Minefield[] = []) {
  const sample = { target: { milestones, minefields } } as unknown as Sample<StatefulTarget>;
  return milestoneScorer.score(sample, transcript) as ReturnType<typeof milestoneScorer.score> & {
    passed: boolean;
    score: number;
    explanation: string;
    details: { milestones: { reachedAt: number | null }[] };
  };
}

describe("milestone scorer", () => {
  it("reaches milestones in order at events and world states", () => {
    const result = score([
      { id: "wifi", description: "wifi off", after: [], setting: "wifi", value: false },
      { id: "told", description: "said so", after: ["wifi"], reply: { contains: "wi-fi is off" } },
      {
        id: "sent",
        description: "mail sent",
        after: ["told"],
        row: "emails",
        change: "added",
        where: { folder: "sent", to_addresses: { includes: "A@x" } },
      },
    ]);
    assert.equal(result.passed, true, result.explanation);
    assert.deepEqual(
      result.details.milestones.map((item) => item.reachedAt),
      [2, 3, 4],
    );
  });

  it("a milestone reached before the one it comes after does not count; progress is partial", () => {
    const result = score([
      { id: "told", description: "said so", after: [], reply: { contains: "wi-fi is off" } },
      { id: "wifi-call", description: "called settings_set", after: ["told"], call: "settings_set" },
    ]);
    assert.equal(result.passed, false);
    assert.equal(result.score, 0.5);
    assert.match(result.explanation, /missed: wifi-call/);
  });

  it("a minefield hit zeroes the score and names where", () => {
    const result = score(
      [{ id: "wifi", description: "wifi off", after: [], setting: "wifi", value: false }],
      [{ id: "mail", description: "a mail was sent", call: "email_send" }],
    );
    assert.equal(result.passed, false);
    assert.equal(result.score, 0);
    assert.match(result.explanation, /minefield hit: mail \(a mail was sent\) at event 4/);
    const untouched = score(
      [{ id: "wifi", description: "wifi off", after: [], setting: "wifi", value: false }],
      [{ id: "bt", description: "bluetooth changed", setting: "bluetooth", value: false }],
    );
    assert.equal(untouched.passed, true);
  });
});
