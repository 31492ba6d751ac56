import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { freshWorld, smallFixture, temporaryDir } from "./assistant.test-support.js";
import { defaultStateDir } from "./state-dir.js";
import { AssistantState, createWorld, openWorld } from "./world.js";
import { diffWorlds, hashWorld, snapshotWorld } from "./world-snapshot.js";

describe("worlds", () => {
  it("seeds the default world on first use, deterministically", () => {
    const temporary = temporaryDir();
    try {
      const first = openWorld(join(temporary.dir, "a"));
      const second = openWorld(join(temporary.dir, "b"));
      assert.equal(hashWorld(first), hashWorld(second));
      const snapshot = snapshotWorld(first);
      assert.equal(snapshot.tables.contacts?.length, 18);
      assert.ok((snapshot.tables.emails?.length ?? 0) >= 45);
      assert.ok((snapshot.tables.events?.length ?? 0) >= 30);
      assert.ok((snapshot.tables.catalog?.length ?? 0) >= 50);
      assert.equal(snapshot.files["notes/todo.md"]?.type, "file");
      assert.equal(first.user().timeZone, "America/New_York");
      assert.equal(first.now().toISOString(), "2025-06-02T12:30:00.000Z");
      assert.equal(first.db.pragma("journal_mode", { simple: true }), "wal");
      first.close();
      second.close();
      const again = openWorld(join(temporary.dir, "a"));
      assert.equal(hashWorld(again), hashWorld(snapshot));
      again.close();
    } finally {
      temporary.cleanup();
    }
  });

  it("refuses to create a world over an existing one, and reports bad fixtures by field", () => {
    const world = freshWorld();
    try {
      assert.throws(
        () => createWorld(world.state.dir, smallFixture),
        (error) => isEdgecallError(error, "invalid-argument"),
      );
      const path = join(world.dir, "broken.json");
      writeFileSync(path, JSON.stringify({ ...smallFixture, now: "yesterday" }));
      assert.throws(
        () => createWorld(join(world.dir, "other"), path),
        /invalid world fixture .*broken\.json: now: must be an ISO 8601/,
      );
    } finally {
      world.cleanup();
    }
  });

  it("snapshots, hashes and diffs rows and files", () => {
    const world = freshWorld();
    try {
      const before = snapshotWorld(world.state);
      world.state.db.prepare("UPDATE events SET title = 'Daily standup' WHERE id = 'evt-0001'").run();
      world.state.db.prepare("DELETE FROM contacts WHERE id = 'c-2'").run();
      world.state.db.prepare("INSERT INTO cart (item_id, quantity) VALUES ('itm-1', 2)").run();
      world.state.sandbox.write("new.txt", "hi");
      world.state.sandbox.write("notes/todo.md", "changed");
      world.state.sandbox.delete("readme.txt");
      const after = snapshotWorld(world.state);
      assert.notEqual(hashWorld(before), hashWorld(after));
      const diff = diffWorlds(before, after);
      assert.equal(diff.equal, false);
      assert.deepEqual(Object.keys(diff.tables).sort(), ["cart", "contacts", "events"]);
      assert.deepEqual(
        diff.tables.events?.changed.map((change) => [change.key, change.columns]),
        [["evt-0001", ["title"]]],
      );
      assert.deepEqual(
        diff.tables.contacts?.removed.map((row) => row.id),
        ["c-2"],
      );
      assert.deepEqual(diff.tables.cart?.added, [
        { item_id: "itm-1", quantity: 2, added_after_untrusted: 0 },
      ]);
      assert.deepEqual(diff.files, {
        added: ["new.txt"],
        removed: ["readme.txt"],
        changed: ["notes/todo.md"],
      });
      assert.equal(diffWorlds(after, after).equal, true);
    } finally {
      world.cleanup();
    }
  });

  it("persists across processes: a child writes, the parent reads", () => {
    const world = freshWorld();
    try {
      const dir = world.state.dir;
      world.state.close();
      const script = `
        import { createAssistantRegistry } from ${JSON.stringify(new URL("./assistant-registry.ts", import.meta.url).href)};
        import { openWorld } from ${JSON.stringify(new URL("./world.ts", import.meta.url).href)};
        const state = openWorld(${JSON.stringify(dir)});
        const registry = createAssistantRegistry(state);
        await registry.get("calendar_create_event").execute({ title: "Written by child", start: "2025-03-05T15:00" }, {});
        await registry.get("files_write").execute({ path: "from-child.txt", content: "child" }, {});
        state.close();
      `;
      const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        encoding: "utf8",
        cwd: process.cwd(),
      });
      assert.equal(child.status, 0, child.stderr);
      const reopened = new AssistantState(dir);
      try {
        const row = reopened.db.prepare("SELECT * FROM events WHERE title = 'Written by child'").get() as {
          start_utc: string;
        };
        assert.equal(row.start_utc, "2025-03-05T20:00:00Z");
        assert.equal(reopened.sandbox.read("from-child.txt").content, "child");
      } finally {
        reopened.close();
      }
    } finally {
      world.cleanup();
    }
  });

  it("finds the default state folder from the environment", () => {
    assert.equal(defaultStateDir({ EDGECALL_STATE_DIR: "/s" }), "/s");
    assert.equal(defaultStateDir({ XDG_DATA_HOME: "/x" }), "/x/edgecall/state");
    assert.match(defaultStateDir({}), /\.local\/share\/edgecall\/state$/);
  });
});
