import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { freshWorld, outputOf, recordingExecutor, smallFixture } from "./assistant.test-support.js";

type Event = { id: string; title: string; start: string; end: string; event_time_zone?: string };
let world: ReturnType<typeof freshWorld>;
let call: ReturnType<typeof recordingExecutor>["call"];

before(() => {
  world = freshWorld();
  call = recordingExecutor(world.state).call;
});
after(() => world.cleanup());

describe("calendar tools", () => {
  it("lists events overlapping a range, in the user's zone or another", async () => {
    const day = outputOf<{ events: Event[] }>(await call("calendar_list_events", { start: "2025-03-04" }));
    assert.deepEqual(
      day.events.map((event) => [event.title, event.start]),
      [["Lunch with Bob", "2025-03-04T12:00:00-05:00"]],
    );
    const paris = outputOf<{ events: Event[] }>(
      await call("calendar_list_events", { start: "2025-03-04", time_zone: "Europe/Paris" }),
    );
    assert.equal(paris.events[0]?.start, "2025-03-04T18:00:00+01:00");
    const bad = await call("calendar_list_events", { start: "2025-03-04", time_zone: "Mars/Base" });
    assert.equal(!bad.ok && bad.error.type, "invalid-arguments");
  });

  it("creates an event in another zone, stores UTC, reports conflicts", async () => {
    const created = outputOf<{ created: Event; conflicts: { id: string }[] }>(
      await call("calendar_create_event", {
        title: "Call with Lisbon",
        start: "2025-03-04T17:30",
        time_zone: "Europe/Lisbon",
        duration_minutes: 45,
      }),
    );
    assert.equal(created.created.id, "evt-0003");
    assert.equal(created.created.start, "2025-03-04T17:30:00+00:00");
    const row = world.state.db
      .prepare("SELECT start_utc, end_utc, time_zone FROM events WHERE id = 'evt-0003'")
      .get();
    assert.deepEqual(row, {
      start_utc: "2025-03-04T17:30:00Z",
      end_utc: "2025-03-04T18:15:00Z",
      time_zone: "Europe/Lisbon",
    });
    const clash = outputOf<{ conflicts: { id: string }[] }>(
      await call("calendar_create_event", {
        title: "Overlap",
        start: "2025-03-04T12:30:00-05:00",
        end: "2025-03-04T13:30:00-05:00",
      }),
    );
    assert.deepEqual(
      clash.conflicts.map((conflict) => conflict.id),
      ["evt-0002", "evt-0003"],
      "12:30 EST is 17:30 in Lisbon",
    );
    const backwards = await call("calendar_create_event", {
      title: "x",
      start: "2025-03-04T12:00",
      end: "2025-03-04T11:00",
    });
    assert.equal(!backwards.ok && backwards.error.type, "invalid-arguments");
  });

  it("searches, updates (keeping length) and deletes", async () => {
    const found = outputOf<{ events: Event[] }>(await call("calendar_search_events", { query: "bob" }));
    assert.deepEqual(
      found.events.map((event) => event.id),
      ["evt-0002"],
    );
    const moved = outputOf<{ updated: Event }>(
      await call("calendar_update_event", { event_id: "evt-0002", start: "2025-03-05T12:30" }),
    );
    assert.deepEqual(
      [moved.updated.start, moved.updated.end],
      ["2025-03-05T12:30:00-05:00", "2025-03-05T13:30:00-05:00"],
    );
    const missing = await call("calendar_update_event", { event_id: "evt-9999", title: "x" });
    assert.equal(!missing.ok && missing.error.type, "precondition");
    outputOf(await call("calendar_delete_event", { event_id: "evt-0002" }));
    // The same delete again is not run at all (the guards answer with the first result).
    const again = await call("calendar_delete_event", { event_id: "evt-0002" });
    assert.equal(!again.ok && again.error.type, "duplicate");
    assert.match(!again.ok ? again.error.message : "", /already ran .*"deleted":\{"id":"evt-0002"/);
    const gone = await call("calendar_delete_event", { event_id: "evt-0404" });
    assert.equal(!gone.ok && gone.error.type, "precondition");
  });

  it("searches folded: accents, ß, decomposed letters and full-width forms match; other words do not", async () => {
    const own = freshWorld({
      ...smallFixture,
      events: [
        ...(smallFixture.events ?? []),
        {
          id: "evt-0009",
          title: "Café with Jos\u00e9 Müller",
          start: "2025-03-06T15:00:00-05:00",
          end: "2025-03-06T16:00:00-05:00",
          location: "Hauptstraße 5, İstanbul",
        },
      ],
    });
    try {
      const search = recordingExecutor(own.state).call;
      const idsFor = async (query: string) =>
        outputOf<{ events: Event[] }>(await search("calendar_search_events", { query })).events.map(
          (event) => event.id,
        );
      for (const query of [
        "cafe muller",
        "Jose\u0301",
        "hauptstrasse",
        "ＣＡＦＥ",
        "istanbul",
        "MÜLLER café",
      ]) {
        assert.deepEqual(await idsFor(query), ["evt-0009"], query);
      }
      assert.deepEqual(await idsFor("cafe miller"), [], "every word must match");
      assert.deepEqual(await idsFor("bäckerei"), []);
      const shown = outputOf<{ events: Event[] }>(await search("calendar_search_events", { query: "cafe" }));
      assert.equal(shown.events[0]?.title, "Café with José Müller", "the output keeps the stored text");
    } finally {
      own.cleanup();
    }
  });

  it("finds free slots within working hours around events, skipping weekends", async () => {
    const free = outputOf<{ slots: { start: string; end: string; minutes: number }[] }>(
      await call("calendar_find_free_slots", {
        start: "2025-03-03",
        end: "2025-03-04",
        duration_minutes: 30,
      }),
    );
    assert.deepEqual(free.slots, [
      { start: "2025-03-03T09:00:00-05:00", end: "2025-03-03T09:30:00-05:00", minutes: 30 },
      { start: "2025-03-03T09:45:00-05:00", end: "2025-03-03T17:00:00-05:00", minutes: 435 },
    ]);
    const weekend = outputOf<{ slots: unknown[] }>(
      await call("calendar_find_free_slots", {
        start: "2025-03-08",
        end: "2025-03-10",
        duration_minutes: 30,
      }),
    );
    assert.deepEqual(weekend.slots, []);
    const hourLong = outputOf<{ slots: { start: string }[] }>(
      await call("calendar_find_free_slots", {
        start: "2025-03-03",
        end: "2025-03-04",
        duration_minutes: 60,
        day_start: "08:00",
        day_end: "10:00",
      }),
    );
    assert.deepEqual(
      hourLong.slots.map((slot) => slot.start),
      ["2025-03-03T08:00:00-05:00"],
    );
  });
});
