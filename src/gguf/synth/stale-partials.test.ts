import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { exitedPid } from "./exited-process.test-support.js";
import { processExists, removeStalePartials } from "./stale-partials.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-partials-test-"));
after(() => rmSync(directory, { recursive: true, force: true }));

describe("stale partial files", () => {
  it("tells live processes from exited ones", () => {
    assert.equal(processExists(process.pid), true);
    assert.equal(processExists(exitedPid()), false);
  });

  it("removes only the partial files of this output whose writer is gone", async () => {
    const output = join(directory, "bench-qwen3-0.6b-q4_0-v1.gguf");
    const files = [
      "bench-qwen3-0.6b-q4_0-v1.gguf.111-1.partial", // writer gone
      "bench-qwen3-0.6b-q4_0-v1.gguf.111-2.partial", // writer gone
      "bench-qwen3-0.6b-q4_0-v1.gguf.222-1.partial", // writer alive
      `bench-qwen3-0.6b-q4_0-v1.gguf.${process.pid}-9.partial`, // this process: maybe being written
      "bench-qwen3-0.6b-q8_0-v1.gguf.111-1.partial", // another output
      "bench-qwen3-0.6b-q4_0-v1gguf.111-1.partial", // not the same name (the dot is literal)
      "bench-qwen3-0.6b-q4_0-v1.gguf", // the finished file
    ];
    for (const name of files) writeFileSync(join(directory, name), "x");
    const removed = await removeStalePartials(output, (pid) => pid === 222);
    assert.deepEqual(removed.sort(), [join(directory, files[0]!), join(directory, files[1]!)]);
    assert.deepEqual(readdirSync(directory).sort(), files.slice(2).sort());
  });

  it("returns nothing for a folder that does not exist", async () => {
    assert.deepEqual(await removeStalePartials(join(directory, "absent", "model.gguf")), []);
  });
});
