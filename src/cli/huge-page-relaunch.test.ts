import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { mayLoadGgufInProcess, shouldRelaunch } from "./huge-page-relaunch.js";

describe("huge-page relaunch", () => {
  it("relaunches only commands that may load a GGUF in-process", () => {
    assert.equal(mayLoadGgufInProcess(["run", "--model", "m.gguf", "hi"]), true);
    assert.equal(mayLoadGgufInProcess(["eval", "--model=m.gguf", "--suite", "bfcl"]), true);
    assert.equal(
      mayLoadGgufInProcess(["compare-quants", "--model", "replay:a.jsonl", "--model", "b.gguf"]),
      true,
    );
    assert.equal(mayLoadGgufInProcess(["eval", "--resume", "runs/x"]), true, "a resumed run may name a GGUF");
    assert.equal(mayLoadGgufInProcess(["eval", "--model", "replay:a.jsonl"]), false);
    assert.equal(mayLoadGgufInProcess(["run", "--model", "openai:http://127.0.0.1:8080/v1#q", "hi"]), false);
    assert.equal(mayLoadGgufInProcess(["chat", "--model", "demo"]), false, "the demo model is tiny");
    assert.equal(mayLoadGgufInProcess(["run", "--model", "openai:not a url", "hi"]), false);
    assert.equal(
      mayLoadGgufInProcess(["bench", "--model", "m.gguf"]),
      false,
      "bench measures in its own child",
    );
    assert.equal(mayLoadGgufInProcess(["parse", "--format", "hermes"]), false);
    assert.equal(mayLoadGgufInProcess(["run", "--help"]), false);
    assert.equal(mayLoadGgufInProcess([]), false);
  });

  it("relaunches once: not when the tunable is already set, switched off, or not on Linux", () => {
    const args = ["run", "--model", "m.gguf", "hi"];
    assert.equal(shouldRelaunch(args, {}, "linux"), true);
    assert.equal(shouldRelaunch(args, { GLIBC_TUNABLES: "glibc.malloc.hugetlb=1" }, "linux"), false);
    assert.equal(shouldRelaunch(args, { GLIBC_TUNABLES: "glibc.malloc.hugetlb=0" }, "linux"), false);
    assert.equal(shouldRelaunch(args, { EDGECALL_HUGE_PAGES: "0" }, "linux"), false);
    assert.equal(shouldRelaunch(args, {}, "darwin"), false);
    assert.equal(shouldRelaunch(["parse", "--format", "hermes"], {}, "linux"), false);
  });
});
