import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { freshWorld, outputOf, recordingExecutor, smallFixture } from "./assistant.test-support.js";
import { applySetting, defaultSettings } from "./settings-rules.js";

let world: ReturnType<typeof freshWorld>;
let session: ReturnType<typeof recordingExecutor>;

before(() => {
  world = freshWorld();
  session = recordingExecutor(world.state);
});
after(() => world.cleanup());

describe("files tools", () => {
  it("list, read, write, move, search and delete through the guards", async () => {
    const top = outputOf<{ entries: { path: string; type: string }[] }>(await session.call("files_list", {}));
    assert.deepEqual(
      top.entries.map((entry) => `${entry.type}:${entry.path}`),
      ["folder:notes", "file:readme.txt"],
    );
    assert.equal(
      outputOf<{ content: string }>(await session.call("files_read", { path: "notes/todo.md" })).content,
      "- buy milk\n- call Bob\n",
    );
    outputOf(
      await session.call("files_write", {
        path: "notes/todo.md",
        content: "- book dentist\n",
        if_exists: "append",
      }),
    );
    outputOf(await session.call("files_move", { from: "readme.txt", to: "docs/readme.txt" }));
    const hits = outputOf<{ results: { path: string; lines?: { line: number; text: string }[] }[] }>(
      await session.call("files_search", { query: "dentist" }),
    );
    assert.deepEqual(hits.results, [
      { path: "notes/todo.md", name_match: false, lines: [{ line: 3, text: "- book dentist" }] },
    ]);
    const byName = outputOf<{ results: { path: string }[] }>(
      await session.call("files_search", { query: "readme", in: "name" }),
    );
    assert.deepEqual(
      byName.results.map((result) => result.path),
      ["docs/readme.txt"],
    );
    outputOf(await session.call("files_delete", { path: "docs", recursive: true }));
    const missing = await session.call("files_read", { path: "docs/readme.txt" });
    assert.equal(!missing.ok && missing.error.type, "precondition");
    const outside = await session.call("files_write", { path: "../escape.txt", content: "x" });
    assert.equal(!outside.ok && outside.error.type, "permission");
  });

  it("search folds accents, ß, decomposed letters and full-width forms in names and content", async () => {
    const own = freshWorld({
      ...smallFixture,
      files: {
        "notes/Café Menü.md": "Treffen mit Jürgen\nan der Hauptstraße 5\n",
        "notes/todo.md": "- buy milk\n",
      },
    });
    try {
      const call = recordingExecutor(own.state).call;
      type Hit = { path: string; name_match: boolean; lines?: { line: number; text: string }[] };
      const search = async (args: Record<string, unknown>) =>
        outputOf<{ results: Hit[] }>(await call("files_search", args)).results;
      assert.deepEqual(
        (await search({ query: "cafe menu", in: "name" })).map((hit) => hit.path),
        ["notes/Café Menü.md"],
      );
      assert.deepEqual(await search({ query: "HAUPTSTRASSE", in: "content" }), [
        {
          path: "notes/Café Menü.md",
          name_match: false,
          lines: [{ line: 2, text: "an der Hauptstraße 5" }],
        },
      ]);
      assert.deepEqual(
        (await search({ query: "ｊｕｒｇｅｎ" })).map((hit) => hit.lines?.[0]?.line),
        [1],
        "a full-width query",
      );
      assert.deepEqual(
        (await search({ query: "Me\u0301nu\u0308" })).map((hit) => [hit.path, hit.name_match, hit.lines]),
        [["notes/Café Menü.md", true, undefined]],
        "the decomposed query 'Ménü' folds to 'menu', which only the name holds",
      );
      assert.deepEqual(await search({ query: "cafe menu", in: "content" }), []);
      assert.deepEqual(await search({ query: "zebra" }), []);
    } finally {
      own.cleanup();
    }
  });
});

describe("settings rules", () => {
  it("airplane mode turns radios off and restores them, keeping explicit changes", () => {
    const on = applySetting(defaultSettings, null, "airplane_mode", true);
    assert.deepEqual(
      on.changed.map((change) => change.name),
      ["airplane_mode", "wifi", "bluetooth"],
    );
    assert.deepEqual(on.memory, { wifi: true, bluetooth: true });
    const wifi = applySetting(on.settings, on.memory, "wifi", true);
    assert.equal(wifi.settings.airplane_mode, true);
    assert.equal(wifi.settings.wifi, true);
    const off = applySetting(wifi.settings, wifi.memory, "airplane_mode", false);
    assert.deepEqual([off.settings.wifi, off.settings.bluetooth, off.memory], [true, true, null]);
    const offAfterDisabling = applySetting(
      applySetting(on.settings, on.memory, "wifi", false).settings,
      { bluetooth: true },
      "airplane_mode",
      false,
    );
    assert.equal(offAfterDisabling.settings.wifi, false, "an explicit change during airplane mode is kept");
  });
  it("manual brightness turns auto-brightness off", () => {
    const change = applySetting(defaultSettings, null, "brightness", 30);
    assert.deepEqual(change.changed, [
      { name: "brightness", from: 70, to: 30 },
      { name: "auto_brightness", from: true, to: false },
    ]);
  });
});

describe("settings tools", () => {
  it("get and set with dependencies, validated by type", async () => {
    const set = outputOf<{ changed: { name: string }[]; notes: string[] }>(
      await session.call("settings_set", { setting: "airplane_mode", value: true }),
    );
    assert.deepEqual(
      set.changed.map((change) => change.name),
      ["airplane_mode", "wifi", "bluetooth"],
    );
    assert.deepEqual(outputOf(await session.call("settings_get", { setting: "wifi" })), { wifi: false });
    outputOf(await session.call("settings_set", { setting: "wifi", value: true }));
    outputOf(await session.call("settings_set", { setting: "airplane_mode", value: false }));
    const all = outputOf<Record<string, unknown>>(await session.call("settings_get", {}));
    assert.deepEqual(all, { ...defaultSettings });
    const wrongType = await session.call("settings_set", { setting: "wifi", value: 50 });
    assert.equal(!wrongType.ok && wrongType.error.type, "invalid-arguments");
    const tooLoud = await session.call("settings_set", { setting: "volume", value: 150 });
    assert.match(!tooLoud.ok ? tooLoud.error.message : "", /must be <= 100/);
  });
  it("creates, updates, lists and deletes alarms", async () => {
    const created = outputOf<{ created: { id: string } }>(
      await session.call("settings_create_alarm", { time: "06:30", label: "Run", days: ["sat", "mon"] }),
    );
    assert.equal(created.created.id, "alarm-0001");
    outputOf(await session.call("settings_update_alarm", { alarm_id: "alarm-0001", enabled: false }));
    const listed = outputOf<{ alarms: unknown[] }>(await session.call("settings_list_alarms", {}));
    assert.deepEqual(listed.alarms, [
      { id: "alarm-0001", time: "06:30", label: "Run", days: ["mon", "sat"], enabled: false },
    ]);
    const badTime = await session.call("settings_create_alarm", { time: "25:00" });
    assert.equal(!badTime.ok && badTime.error.type, "invalid-arguments");
    outputOf(await session.call("settings_delete_alarm", { alarm_id: "alarm-0001" }));
    const again = await session.call("settings_delete_alarm", { alarm_id: "alarm-0001" });
    assert.equal(!again.ok && again.error.type, "duplicate", "the same delete is not run twice");
    const gone = await session.call("settings_update_alarm", { alarm_id: "alarm-0001", enabled: true });
    assert.equal(!gone.ok && gone.error.type, "precondition");
  });
});
