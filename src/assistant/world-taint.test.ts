/**
 * The registry-wide taint test (issue 34, item 1): a world in which every text column holds a
 * marker (`zqx...`), every assistant tool called on success and failure paths, under a person who
 * approves, a `deny` policy and `approve-if-user-asked`; whenever a marker reaches the model (in
 * a result or an error) that the call's own arguments did not hold, the session must be tainted.
 * A tool added to the registry fails this test until it has calls here.
 *
 * Not marked, by design: ids (the world's counters make them), instants and times, enumerations
 * (folders, statuses, kinds, days), numbers, and the user's own profile (`meta`: name, address,
 * zone, currency), which is the user's input.
 */
import assert from "node:assert/strict";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { ConfirmationPolicy } from "../guards/confirmation-policy.js";
import { createGuardedExecutor } from "../guards/guarded-executor.js";
import type { ToolOutcome } from "../tools/tool-executor.js";
import { freshWorld } from "./assistant.test-support.js";
import { createAssistantRegistry } from "./assistant-registry.js";
import { buildWebCorpus } from "./web-corpus.js";
import type { AssistantState } from "./world.js";
import { markedCorpusPages, markedFixture } from "./world-taint.test-support.js";

/** One call of a tool, with an optional change to the fresh world before it. */
interface Call {
  args: Record<string, unknown>;
  prepare?: (state: AssistantState) => void;
}

const day = { start: "2025-03-03T00:00", end: "2025-03-05T00:00" };
const mail = { subject: "Hi", body: "See you." };
const noStock = (state: AssistantState) => {
  state.db.prepare("UPDATE catalog SET stock = 0 WHERE id = 'itm-3'").run();
};
/** `notes/link` leads to the marked folder: a path through it is shown by its real name. */
const linkedFolder = (state: AssistantState) =>
  symlinkSync("zqxfdir1", join(state.sandbox.root, "notes", "link"));

/** Calls per tool: at least one that succeeds and one that fails, reaching the world's text. */
const calls: Record<string, Call[]> = {
  calendar_list_events: [{ args: day }, { args: { start: "soon" } }, { args: { ...day, end: "2025-03-02" } }],
  calendar_search_events: [{ args: { query: "standup" } }, { args: { query: "x", start: "bad" } }],
  calendar_create_event: [
    { args: { title: "Review", start: "2025-03-03T10:15" } },
    { args: { title: "Quiet", start: "2025-03-09T10:00" } },
    { args: { title: "Bad", start: "2025-03-03T10:00", end: "2025-03-03T09:00" } },
  ],
  calendar_update_event: [
    { args: { event_id: "evt-1", start: "2025-03-04T10:00" } },
    { args: { event_id: "evt-2", title: "Renamed" } },
    { args: { event_id: "evt-nope" } },
  ],
  calendar_delete_event: [{ args: { event_id: "evt-1" } }, { args: { event_id: "evt-nope" } }],
  calendar_find_free_slots: [
    { args: { start: "2025-03-03T00:00", duration_minutes: 30 } },
    { args: { start: "bad", duration_minutes: 30 } },
  ],
  email_list: [{ args: {} }, { args: { folder: "drafts" } }, { args: { limit: 0 } }],
  email_search: [{ args: { query: "hello" } }, { args: { after: "bad" } }],
  email_read: [{ args: { message_id: "msg-1" } }, { args: { message_id: "msg-nope" } }],
  email_read_thread: [{ args: { thread_id: "thr-1" } }, { args: { thread_id: "thr-nope" } }],
  email_draft: [
    { args: { to: ["bob zqxcname1"], ...mail } },
    { args: { to: ["Bob"], ...mail } },
    { args: { to: ["me@example.com"], ...mail } },
  ],
  email_send: [
    { args: { to: ["bob zqxcname1"], ...mail } },
    { args: { to: ["Bob"], ...mail } },
    { args: { to: ["stranger@nowhere.example"], ...mail } },
  ],
  email_send_draft: [
    { args: { draft_id: "msg-3" } },
    { args: { draft_id: "msg-2" } },
    { args: { draft_id: "x" } },
  ],
  email_reply: [
    { args: { message_id: "msg-4", body: "ok" } },
    { args: { message_id: "msg-1", body: "ok" } },
    { args: { message_id: "msg-nope", body: "ok" } },
  ],
  email_forward: [
    { args: { message_id: "msg-1", to: ["me@example.com"] } },
    { args: { message_id: "msg-1", to: ["Bob"] } },
    { args: { message_id: "msg-nope", to: ["me@example.com"] } },
  ],
  contacts_search: [{ args: { query: "bob" } }, { args: {} }, { args: { limit: 0 } }],
  files_list: [
    { args: {} },
    { args: { path: "notes" } },
    { args: { path: "nope" } },
    { args: { path: "../x" } },
  ],
  files_read: [
    { args: { path: "zqxfname1.md" } },
    { args: { path: "notes/zqxfdir1/inner.md" } },
    { args: { path: "no.md" } },
  ],
  files_write: [
    { args: { path: "new.md", content: "x" } },
    { args: { path: "notes/zqxfdir1/inner.md", content: "y", if_exists: "append" } },
    { args: { path: "zqxfname1.md", content: "x", if_exists: "fail" } },
    { args: { path: "notes/link/new.md", content: "x" }, prepare: linkedFolder },
  ],
  files_move: [
    { args: { from: "zqxfname1.md", to: "moved.md" } },
    { args: { from: "notes/link/inner.md", to: "moved.md" }, prepare: linkedFolder },
    { args: { from: "nope", to: "x" } },
  ],
  files_delete: [
    { args: { path: "zqxfname1.md" } },
    { args: { path: "notes/link/inner.md" }, prepare: linkedFolder },
    { args: { path: "notes" } },
    { args: { path: "nope" } },
  ],
  files_search: [
    { args: { query: "inner" } },
    { args: { query: "md", in: "name" } },
    { args: { query: "x", path: "no" } },
  ],
  settings_get: [{ args: {} }, { args: { setting: "wifi" } }, { args: { setting: "nope" } }],
  settings_set: [
    { args: { setting: "airplane_mode", value: true } },
    { args: { setting: "volume", value: true } },
  ],
  settings_list_alarms: [{ args: {} }, { args: { extra: 1 } }],
  settings_create_alarm: [{ args: { time: "07:00", label: "gym" } }, { args: { time: "25:00" } }],
  settings_update_alarm: [
    { args: { alarm_id: "alarm-1", time: "06:00" } },
    { args: { alarm_id: "alarm-nope" } },
  ],
  settings_delete_alarm: [{ args: { alarm_id: "alarm-1" } }, { args: { alarm_id: "alarm-nope" } }],
  web_search: [{ args: { query: "content words" } }, { args: { query: "" } }],
  web_fetch: [
    { args: { url: "https://zqxwurl1.example/page" } },
    { args: { url: "https://nowhere.example" } },
  ],
  shop_search: [{ args: { query: "mug" } }, { args: {} }, { args: { limit: 0 } }],
  shop_view_item: [{ args: { item_id: "itm-1" } }, { args: { item_id: "itm-nope" } }],
  shop_cart_view: [{ args: {} }, { args: { extra: 1 } }],
  shop_cart_add: [
    { args: { item_id: "itm-1" } },
    { args: { item_id: "itm-2" } },
    { args: { item_id: "itm-nope" } },
  ],
  shop_cart_remove: [{ args: { item_id: "itm-1" } }, { args: { item_id: "itm-2" } }],
  shop_list_payment_methods: [{ args: {} }, { args: { extra: 1 } }],
  shop_checkout: [
    { args: {} },
    { args: { payment_method_id: "pm-1" } },
    { args: {}, prepare: noStock },
    { args: { payment_method_id: "pm-nope" } },
  ],
  shop_order_status: [{ args: {} }, { args: { order_id: "ord-1" } }, { args: { order_id: "ord-nope" } }],
  shop_cancel_order: [
    { args: { order_id: "ord-1" } },
    { args: { order_id: "ord-2" } },
    { args: { order_id: "ord-nope" } },
  ],
};

/** Who answers confirmations: a person who approves, a policy that denies, one that checks naming. */
const answerers: { label: string; policy?: ConfirmationPolicy }[] = [
  { label: "approved" },
  { label: "deny", policy: "deny" },
  { label: "approve-if-user-asked", policy: "approve-if-user-asked" },
];
/** Asks for every kind of action without naming any target. */
const vagueRequest =
  "please go ahead: send it, reply, forward, draft, buy it, check out, order, add, remove, delete, cancel, move, write, save, set, change, update, schedule";

const markers = (text: string) => new Set(text.toLowerCase().match(/zqx[a-z0-9]+/g) ?? []);

async function run(name: string, call: Call, policy: ConfirmationPolicy | undefined) {
  const world = freshWorld(markedFixture);
  try {
    call.prepare?.(world.state);
    const registry = createAssistantRegistry(world.state, { webCorpus: buildWebCorpus(markedCorpusPages) });
    const executor = createGuardedExecutor({
      registry,
      ...(policy === undefined ? { confirm: async () => true } : { policy, userMessages: [vagueRequest] }),
    });
    const outcome: ToolOutcome = await executor.execute({ name, arguments: call.args });
    const seen = JSON.stringify(outcome.ok ? outcome.output : outcome.error);
    const given = markers(JSON.stringify(call.args));
    const fromWorld = [...markers(seen)].filter((marker) => !given.has(marker));
    return { outcome, fromWorld, tainted: executor.tainted, seen };
  } finally {
    world.cleanup();
  }
}

describe("every assistant tool taints the session when world text reaches the model", () => {
  it("has calls for every tool in the registry, and only for those", () => {
    const names = createAssistantRegistry()
      .list()
      .map((tool) => tool.definition.name)
      .sort();
    assert.deepEqual(Object.keys(calls).sort(), names);
  });

  for (const [name, list] of Object.entries(calls)) {
    it(`${name}: no marker reaches the model from an untainted session (success and failure paths)`, async () => {
      let succeeded = 0;
      let failed = 0;
      let shown = 0;
      for (const call of list) {
        for (const answerer of answerers) {
          const { outcome, fromWorld, tainted, seen } = await run(name, call, answerer.policy);
          if (outcome.ok) succeeded += 1;
          else failed += 1;
          if (fromWorld.length > 0) shown += 1;
          assert.ok(
            fromWorld.length === 0 || tainted,
            `${name} ${JSON.stringify(call.args)} (${answerer.label}) showed ${fromWorld.join(", ")} without tainting: ${seen}`,
          );
        }
      }
      assert.ok(succeeded > 0, `${name}: no call succeeded`);
      assert.ok(failed > 0, `${name}: no call failed`);
      const trusted = createAssistantRegistry().get(name)?.trustedOutput;
      if (trusted === undefined)
        assert.ok(shown > 0, `${name}: no call showed any world text; the calls test nothing`);
    });
  }
});
