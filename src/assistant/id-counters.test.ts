import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { createAssistantRegistry } from "./assistant-registry.js";
import { applySetting, defaultSettings } from "./settings-rules.js";
import { createWorld } from "./world.js";

describe("world ids and airplane mode", () => {
  it("never hands out an id twice: a deleted alarm's id is not reused", async () => {
    const folder = mkdtempSync(join(tmpdir(), "edgecall-ids-"));
    const world = createWorld(join(folder, "state"), undefined, { durable: false });
    try {
      const registry = createAssistantRegistry(world);
      const listed = (await registry.get("settings_list_alarms")?.execute({}, {})) as {
        alarms: { id: string }[];
      };
      const highest =
        listed.alarms
          .map((alarm) => alarm.id)
          .sort()
          .at(-1) ?? "";
      await registry.get("settings_delete_alarm")?.execute({ alarm_id: highest }, {});
      const created = (await registry.get("settings_create_alarm")?.execute({ time: "06:00" }, {})) as {
        created: { id: string };
      };
      assert.notEqual(created.created.id, highest);
      assert.ok(created.created.id > highest, `${created.created.id} after ${highest}`);
    } finally {
      world.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("turning off an airplane mode that remembers nothing says the radios stay as they are", () => {
    const start = { ...defaultSettings, airplane_mode: true, wifi: false, bluetooth: false };
    const off = applySetting(start, null, "airplane_mode", false);
    assert.equal(off.settings.wifi, false);
    assert.match(off.notes.join(" "), /not remembered.*Wi-Fi off, Bluetooth off/);
  });
});
