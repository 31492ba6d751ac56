import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { defaultThreads, idleCores } from "./thread-default.js";

describe("default thread count", () => {
  it("one thread for a model too small to gain from more", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "edgecall-threads-")), "tiny.gguf");
    writeFileSync(path, Buffer.alloc(1024));
    const choice = await defaultThreads(path);
    assert.equal(choice.threads, 1);
    assert.match(choice.reason, /small/);
  });

  it("otherwise the idle cores, between 1 and every core", async () => {
    const choice = await defaultThreads(undefined);
    assert.ok(choice.threads >= 1 && choice.threads <= availableParallelism(), JSON.stringify(choice));
    const idle = await idleCores();
    if (idle !== undefined) assert.ok(idle >= 0 && idle <= availableParallelism() + 1e-9);
  });
});
