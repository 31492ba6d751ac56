import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { ggufKv, writeGguf } from "../gguf/writer.js";
import { absoluteModelSpec } from "./model-spec.js";
import { openModel } from "./open-model.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-open-model-"));
after(() => rmSync(directory, { recursive: true, force: true }));

describe("openModel", () => {
  it("refuses a GGUF without general.architecture before llama.cpp sees it, naming the file", async () => {
    const path = join(directory, "no-architecture.gguf");
    await writeGguf({ path, metadata: [ggufKv.string("general.name", "x")], tensors: [], produce: () => [] });
    await assert.rejects(
      openModel(path),
      (error: unknown) =>
        isEdgecallError(error, "invalid-gguf") &&
        error.message ===
          `${path} has no general.architecture: it is not a model llama.cpp can load (edgecall inspect shows what it holds)`,
    );
  });
});

describe("absoluteModelSpec", () => {
  it("makes file paths absolute and leaves the rest as given", () => {
    assert.equal(absoluteModelSpec("models/a.gguf"), resolve("models/a.gguf"));
    assert.equal(absoluteModelSpec("/m/a.gguf"), "/m/a.gguf");
    assert.equal(absoluteModelSpec("replay:r.jsonl?delayMs=5"), `replay:${resolve("r.jsonl")}?delayMs=5`);
    assert.equal(absoluteModelSpec("replay:/x/r.jsonl"), "replay:/x/r.jsonl");
    assert.equal(absoluteModelSpec("openai:http://h:1/v1#m"), "openai:http://h:1/v1#m");
    assert.equal(absoluteModelSpec("demo"), "demo");
  });
});
