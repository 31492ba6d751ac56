import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { reusableCachedModel } from "./cached-model.js";
import { exitedPid } from "./exited-process.test-support.js";
import { tinyModelPath } from "./tiny-model.test-support.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-cached-model-test-"));
after(() => rmSync(directory, { recursive: true, force: true }));

describe("reusableCachedModel", () => {
  it("reuses a complete model and says nothing", async () => {
    const path = join(directory, "complete.gguf");
    copyFileSync(await tinyModelPath("qwen3"), path);
    const notes: string[] = [];
    assert.equal(await reusableCachedModel(path, (message) => notes.push(message)), true);
    assert.deepEqual(notes, []);
    assert.ok(existsSync(path));
  });

  it("clears the partial files a killed synthesis of the cached model left behind", async () => {
    const path = join(directory, "with-partials.gguf");
    copyFileSync(await tinyModelPath("qwen3"), path);
    const stale = `${path}.${exitedPid()}-1.partial`;
    const live = `${path}.${process.pid}-7.partial`;
    writeFileSync(stale, "half a model");
    writeFileSync(live, "being written");
    assert.equal(await reusableCachedModel(path, () => {}), true);
    assert.equal(existsSync(stale), false);
    assert.equal(existsSync(live), true, "a live writer's partial file is left alone");
  });

  it("reports a missing file as not reusable", async () => {
    assert.equal(await reusableCachedModel(join(directory, "absent.gguf"), () => {}), false);
  });

  it("removes a truncated or garbage file, saying why, so that it is synthesised again", async () => {
    const truncated = join(directory, "truncated.gguf");
    copyFileSync(await tinyModelPath("qwen3"), truncated);
    truncateSync(truncated, 200_000);
    const garbage = join(directory, "garbage.gguf");
    writeFileSync(garbage, "not a model");
    for (const path of [truncated, garbage]) {
      const notes: string[] = [];
      assert.equal(await reusableCachedModel(path, (message) => notes.push(message)), false);
      assert.equal(existsSync(path), false, path);
      assert.equal(notes.length, 1);
      assert.match(
        notes[0]!,
        /^the cached model is damaged \(invalid GGUF file .*\); synthesising it again$/,
      );
    }
  });
});
