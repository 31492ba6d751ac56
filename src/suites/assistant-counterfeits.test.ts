/**
 * The assistant suites against counterfeits: a call passes only when running it makes what was
 * asked (a fixed length given, a weekend search bounded), the data gives no optional argument a
 * default the request contradicts, an irrelevance reply that claims the impossible was done or
 * states a live fact fails, and `suite check` passes no counterfeit of either suite.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Sample, Suite, Transcript } from "../eval/suite.js";
import { checkSuites } from "../eval/suite-check.js";
import type { ContentPart } from "../messages.js";
import { type AssistantTarget, assistantScorer, createAssistantSuite } from "./assistant-suite.js";
import { pyToPlain } from "./bfcl-scorer.js";

const single = createAssistantSuite("assistant:single");
const irrelevance = createAssistantSuite("assistant:irrelevance");
const byId = new Map(
  [
    ...(single.samples() as Sample<AssistantTarget>[]),
    ...(irrelevance.samples() as Sample<AssistantTarget>[]),
  ].map((sample) => [sample.id, sample]),
);

function transcriptOf(parts: ContentPart[], finishReason: "stop" | "length" = "stop"): Transcript {
  return {
    request: { messages: [] },
    turns: [
      {
        rawText: "",
        parts,
        finishReason,
        usage: { inputTokens: 0, outputTokens: 0 },
        timing: { firstTokenMs: 0, totalMs: 0 },
        cached: false,
      },
    ],
  };
}

async function verdict(
  id: string,
  reply: string | Record<string, unknown>,
  tool?: string,
  finishReason: "stop" | "length" = "stop",
) {
  const sample = byId.get(id);
  assert.ok(sample, id);
  const parts: ContentPart[] =
    typeof reply === "string"
      ? [{ type: "text", text: reply }]
      : [{ type: "tool-call", toolCall: { name: tool ?? "", arguments: reply } }];
  return assistantScorer.score(sample, transcriptOf(parts, finishReason));
}

const userZone = "America/New_York";

/**
 * Defaults the assistant tools apply to an omitted argument (their code and descriptions);
 * `unbounded` where leaving it out widens the result (every category) or derives it from other
 * arguments (an event's end from its length), which the request then does not fix.
 */
const toolDefaults: Record<string, Record<string, unknown>> = {
  calendar_create_event: { duration_minutes: 60, time_zone: userZone, end: "unbounded" },
  calendar_update_event: { time_zone: userZone },
  calendar_list_events: { time_zone: userZone },
  calendar_search_events: { time_zone: userZone },
  calendar_find_free_slots: { include_weekends: false, time_zone: userZone },
  email_list: { folder: "inbox", limit: 10, unread_only: false },
  email_search: { limit: 10 },
  email_reply: { reply_all: false },
  contacts_search: { limit: 20 },
  files_search: { in: "both", limit: 20 },
  files_write: { if_exists: "overwrite" },
  files_delete: { recursive: false },
  web_search: { limit: 5 },
  shop_search: { limit: 10, category: "unbounded" },
  shop_cart_add: { quantity: 1 },
  settings_create_alarm: { days: [] },
};

describe("assistant:single: a call passes only if running it makes what was asked", () => {
  const coffee = { title: "Coffee with Lena", start: "2025-06-10T10:00", location: "Blue Bottle" };

  it("a fixed length: neither end nor duration_minutes fails, naming the tool's 60-minute default", async () => {
    const missing = await verdict("assistant_simple_1", coffee, "calendar_create_event");
    assert.equal(missing.passed, false);
    assert.equal(missing.errorType, "missing-fixed-argument");
    assert.match(missing.explanation, /none of end, duration_minutes: .*45 minutes.*60-minute/);
    const yoga = { title: "Yoga class", start: "2025-06-07T09:00", location: "Riverton Studio" };
    assert.equal((await verdict("assistant_simple_8", yoga, "calendar_create_event")).passed, false);
    for (const extra of [{ end: "2025-06-10T10:45" }, { duration_minutes: 45 }])
      assert.equal(
        (await verdict("assistant_simple_1", { ...coffee, ...extra }, "calendar_create_event")).passed,
        true,
      );
    assert.equal(
      (await verdict("assistant_simple_1", { ...coffee, duration_minutes: 60 }, "calendar_create_event"))
        .passed,
      false,
    );
  });

  it("a weekend search without an end fails: the tool would search the whole week", async () => {
    const args = { start: "2025-06-07", duration_minutes: 45, include_weekends: true };
    assert.equal((await verdict("assistant_multiple_14", args, "calendar_find_free_slots")).passed, false);
    const bounded = { ...args, end: "2025-06-08T23:59" };
    assert.equal((await verdict("assistant_multiple_14", bounded, "calendar_find_free_slots")).passed, true);
  });

  it("audit: an argument the data lets a call omit has a default the request accepts (or a one_of group)", () => {
    const problems: string[] = [];
    for (const sample of byId.values()) {
      if (sample.target.groundTruth === undefined) continue;
      const grouped = new Set((sample.target.oneOf ?? []).flatMap((group) => group.params));
      for (const answer of pyToPlain(sample.target.groundTruth) as Record<
        string,
        Record<string, unknown[]>
      >[])
        for (const [tool, params] of Object.entries(answer))
          for (const [param, accepted] of Object.entries(params)) {
            const fixed = accepted.filter((value) => value !== "");
            if (!accepted.includes("") || fixed.length === 0 || grouped.has(param)) continue;
            const fallback = toolDefaults[tool]?.[param];
            const ok =
              fallback === "unbounded" ||
              fixed.some((value) => JSON.stringify(value) === JSON.stringify(fallback));
            if (!ok)
              problems.push(`${sample.id} ${tool}.${param}: omitted gives ${JSON.stringify(fallback)}`);
          }
    }
    // End bounds of calendar_list_events (24 hours) and searches are whole-day or open.
    const known = problems.filter((line) => !/calendar_(list|search)_events\.(end|start)/.test(line));
    assert.deepEqual(known, []);
  });
});

describe("assistant:irrelevance: no call, and no false claim", () => {
  it("claiming the impossible was done fails, even behind a refusal's words; declining passes", async () => {
    const done = await verdict(
      "assistant_irrelevance_0",
      "Done - I booked you a taxi to the airport for 7 am.",
    );
    assert.equal(done.passed, false);
    assert.match(done.explanation, /claimed success without a tool that can do it \("Done"\)/);
    const hedged = await verdict(
      "assistant_irrelevance_15",
      "Sorry for the delay! I've locked the front door.",
    );
    assert.equal(hedged.passed, false);
    assert.equal(
      (await verdict("assistant_irrelevance_0", "I can't book taxis with these tools.")).passed,
      true,
    );
  });

  it("a reply cut at the token limit is not a clean decline: it fails, however it starts", async () => {
    const cut = await verdict(
      "assistant_irrelevance_0",
      "I can't book taxis with these tools, but",
      undefined,
      "length",
    );
    assert.equal(cut.passed, false);
    assert.equal(cut.errorType, "irrelevance:cut-off");
    assert.match(cut.explanation, /cut at the token limit/);
    const junk = await verdict("assistant_irrelevance_1", "\n".repeat(96), undefined, "length");
    assert.equal(junk.passed, false);
  });

  it("a live or personal figure fails; a general-knowledge answer passes", async () => {
    const heart = await verdict("assistant_irrelevance_17", "I can't measure it, but it's probably 72 bpm.");
    assert.equal(heart.passed, false);
    assert.match(heart.explanation, /stated 72, which no offered tool could have fetched/);
    assert.equal((await verdict("assistant_irrelevance_23", "Your balance is $4,817.36.")).passed, false);
    assert.equal((await verdict("assistant_irrelevance_1", "17 times 23 is 391.")).passed, true);
  });
});

describe("assistant suites: suite check with counterfeits", () => {
  it("gold passes, the null model as before, counterfeits are tried and none passes", async () => {
    const checks = await checkSuites([single as Suite, irrelevance as Suite], {});
    const [one, none] = checks;
    assert.deepEqual([one?.gold.failed, none?.gold.failed], [[], []]);
    assert.deepEqual([one?.null.passed, none?.null.passed], [0, 40]);
    for (const check of checks) {
      assert.ok((check.counterfeits?.tried ?? 0) > 20, `${check.suite}: tried ${check.counterfeits?.tried}`);
      assert.equal(check.counterfeits?.passed, 0, JSON.stringify(check.counterfeits?.examples));
    }
    assert.deepEqual(Object.keys(one?.counterfeits?.byKind ?? {}).sort(), [
      "answer-without-call",
      "extra-side-effect",
      "false-success",
      "missing-fixed-argument",
      "wrong-tool",
      "wrong-value",
    ]);
    assert.ok(
      Object.keys(none?.counterfeits?.byKind ?? {}).includes("cut-at-limit"),
      JSON.stringify(none?.counterfeits?.byKind),
    );
  });
});
