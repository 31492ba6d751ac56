import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { runDemoBench } from "./eval-demo.js";

const scratch = mkdtempSync(join(tmpdir(), "edgecall-demo-bench-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

describe("the demo's bench phase", () => {
  it("says its steps on the progress stream (it was silent) and stores bench.json", async () => {
    const writes: string[] = [];
    const table = await runDemoBench(scratch, 1, {
      isTTY: false,
      write: (text: string) => writes.push(text),
    });
    const text = writes.join("");
    assert.match(text, /^edgecall: demo bench: starting llama\.cpp · step 1\/\d+$/m, text);
    assert.match(text, /^edgecall: demo bench: cold load · step 2\/\d+$/m, text);
    assert.match(text, /^edgecall: demo bench: tg64 at 1 thread · warm-up · step \d+\/\d+$/m, text);
    assert.ok(existsSync(join(scratch, "bench.json")));
    assert.match(table, /tg64/);
  });
});
