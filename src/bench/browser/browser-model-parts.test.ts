/**
 * Which files the browser page downloads: the model itself, or every part of a split model; a
 * file past the browser's single-buffer limit is refused with a message naming it and the limit
 * (the limit is lowered here instead of writing a 2 GiB file).
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { isEdgecallError } from "../../errors.js";
import { browserModelParts, browserSingleFileLimitBytes } from "./browser-model-parts.js";

describe("browserModelParts", () => {
  const folder = mkdtempSync(join(tmpdir(), "edgecall-browser-parts-"));
  after(() => rmSync(folder, { recursive: true, force: true }));

  it("is one file below the 2 GiB limit", () => {
    const path = join(folder, "small.gguf");
    writeFileSync(path, Buffer.alloc(100));
    assert.deepEqual(browserModelParts(path), [{ path, bytes: 100 }]);
    assert.equal(browserSingleFileLimitBytes, 2 ** 31 - 1);
  });

  it("refuses a file past the limit, naming the file, the limit and how to split it", () => {
    const path = join(folder, "big.gguf");
    writeFileSync(path, Buffer.alloc(2000));
    assert.throws(
      () => browserModelParts(path, 1000),
      (error) =>
        isEdgecallError(error, "unsupported") &&
        error.message.includes(path) &&
        error.message.includes("1000 bytes") &&
        /llama-gguf-split/.test(error.message),
    );
  });

  it("brings every part of a split model from its first part, each checked", () => {
    const names = [1, 2, 3].map((part) => join(folder, `m-0000${part}-of-00003.gguf`));
    for (const name of names) writeFileSync(name, Buffer.alloc(10));
    assert.deepEqual(
      browserModelParts(names[0]!).map((part) => part.path),
      names,
    );
    assert.throws(() => browserModelParts(names[1]!), /give its first part/);
    writeFileSync(names[2]!, Buffer.alloc(50));
    assert.throws(
      () => browserModelParts(names[0]!, 20),
      (error) => isEdgecallError(error, "unsupported") && error.message.includes(names[2]!),
    );
    rmSync(names[1]!);
    assert.throws(
      () => browserModelParts(names[0]!),
      (error) => isEdgecallError(error, "file-not-found"),
    );
  });
});
