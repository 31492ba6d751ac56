/**
 * runAgent over the real assistant tools and guards with a replay model: multi-step tasks change
 * the world as asked, parallel calls run in order, a bad call is corrected, and a model that loops
 * is stopped before it does the same thing a third time.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { AgentTranscript } from "../src/agent/agent-transcript.js";
import { jsonCall, replayModel } from "../src/agent/replay-script.test-support.js";
import { runAgent } from "../src/agent/run-agent.js";
import { createAssistantRegistry } from "../src/assistant/assistant-registry.js";
import { createWorld } from "../src/assistant/world.js";
import { diffWorlds, snapshotWorld, type WorldDiff } from "../src/assistant/world-snapshot.js";
import { createGuardedExecutor } from "../src/guards/guarded-executor.js";
import { scenarioWeb, scenarioWorld } from "./injection-scenarios.test-support.js";

async function task(
  request: string,
  outputs: string[],
): Promise<{ transcript: AgentTranscript; diff: WorldDiff }> {
  const dir = mkdtempSync(join(tmpdir(), "edgecall-agent-task-"));
  const world = createWorld(join(dir, "state"), scenarioWorld(undefined, ""));
  try {
    const registry = createAssistantRegistry(world, { webCorpus: scenarioWeb(undefined, "") });
    const executor = createGuardedExecutor({
      registry,
      policy: "approve-if-user-asked",
      userMessages: [request],
    });
    const before = snapshotWorld(world);
    const transcript = await runAgent({
      backend: replayModel(outputs),
      executor,
      messages: [{ role: "user", content: request }],
    });
    return { transcript, diff: diffWorlds(before, snapshotWorld(world)) };
  } finally {
    world.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("runAgent over the assistant tools", () => {
  it("moves an appointment found by search (read, then write)", async () => {
    const { transcript, diff } = await task("Move my dentist appointment to Thursday June 12 at 15:00.", [
      jsonCall("calendar_search_events", { query: "dentist" }),
      jsonCall("calendar_update_event", {
        event_id: "evt-0001",
        start: "2025-06-12T15:00",
        end: "2025-06-12T16:00",
      }),
      "Your dentist appointment is now on Thursday at 15:00.",
    ]);
    assert.equal(transcript.stopReason, "final");
    const found = transcript.steps[0]?.toolResults[0]?.outcome;
    assert.ok(found?.ok && JSON.stringify(found.output).includes("evt-0001"));
    const changed = diff.tables.events?.changed ?? [];
    assert.equal(changed.length, 1);
    assert.equal(changed[0]?.key, "evt-0001");
    assert.equal(changed[0]?.after.start_utc, "2025-06-12T19:00:00Z");
  });

  it("buys an item: search, add to cart (staged: no confirmation of its own), check out (confirmed)", async () => {
    const { transcript, diff } = await task("Buy a USB-C cable with my Visa.", [
      jsonCall("shop_search", { query: "USB-C cable" }),
      jsonCall("shop_cart_add", { item_id: "itm-0001" }),
      jsonCall("shop_checkout", { payment_method_id: "pm-visa-4242" }),
      "Ordered the USB-C cable (and the headphones already in your cart).",
    ]);
    assert.equal(transcript.stopReason, "final");
    assert.equal(transcript.totals.toolCalls, 3);
    const confirmations = transcript.steps.flatMap((step) =>
      step.toolResults.flatMap((result) =>
        result.decisions.filter((decision) => decision.guard === "confirmation"),
      ),
    );
    assert.deepEqual(
      confirmations.map((decision) => decision.verdict),
      ["confirmed"],
    );
    assert.equal(diff.tables.orders?.added.length, 1);
    assert.equal(diff.tables.orders?.added[0]?.total_cents, 1299 + 7999);
    assert.equal(diff.tables.cart?.removed.length, 1);
  });

  it("runs parallel calls in order and recovers from a bad call", async () => {
    const { transcript, diff } = await task(
      "Turn on do not disturb and set an alarm for 07:30 on weekdays.",
      [
        `[${jsonCall("settings_set", { setting: "do_not_disturb", value: "on" })}, ${jsonCall(
          "settings_create_alarm",
          {
            time: "07:30",
            days: ["mon", "tue", "wed", "thu", "fri"],
          },
        )}]`,
        jsonCall("settings_set", { setting: "do_not_disturb", value: true }),
        "Do not disturb is on and the 07:30 weekday alarm is set.",
      ],
    );
    assert.equal(transcript.stopReason, "final");
    assert.equal(transcript.totals.invalidCalls, 1);
    const first = transcript.steps[0]?.toolResults.map((result) =>
      result.outcome?.ok ? "ok" : result.outcome?.error.type,
    );
    assert.deepEqual(first, ["invalid-arguments", "ok"]);
    assert.equal(diff.tables.alarms?.added.length, 1);
    assert.equal(diff.tables.settings?.changed[0]?.key, "do_not_disturb");
  });

  it("creates one event when the model writes the same create twice", async () => {
    const create = jsonCall("calendar_create_event", {
      title: "Lunch with Sam",
      start: "2025-06-04T12:30",
      duration_minutes: 60,
    });
    const { transcript, diff } = await task("Add lunch with Sam on Wednesday at 12:30.", [
      create,
      create,
      "Added lunch with Sam.",
    ]);
    assert.equal(transcript.stopReason, "final");
    assert.equal(diff.tables.events?.added.length, 1);
    const second = transcript.steps[1]?.toolResults[0]?.outcome;
    assert.equal(!second?.ok && second?.error.type, "duplicate");
    assert.match(
      transcript.messages.at(-2)?.content ?? "",
      /already ran .*Its result was: .*created.*evt-0003/,
    );
  });

  it("stops a model that deletes the same thing over and over before the third try", async () => {
    const again = jsonCall("files_delete", { path: "notes/todo.md" });
    const { transcript, diff } = await task("Delete notes/todo.md", [again, again, again, "Deleted."]);
    assert.equal(transcript.stopReason, "stuck");
    assert.equal(transcript.stuck?.detector, "repeated-call");
    assert.equal(transcript.totals.toolCalls, 2);
    assert.deepEqual(diff.files.removed, ["notes/todo.md"]);
  });
});
