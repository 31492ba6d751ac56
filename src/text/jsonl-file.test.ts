/** Reading a JSON Lines file: its bad line named by path:line, the size bound on the file, an unreadable file. */
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import { isEdgecallError } from "../errors.js";
import { readJsonlFile } from "./jsonl-file.js";

describe("readJsonlFile", () => {
  const directory = mkdtempSync(join(tmpdir(), "edgecall-jsonl-"));

  it("reads a file and names its bad line by path:line", () => {
    const path = join(directory, "a.jsonl");
    writeFileSync(path, '{"id":"x"}\n{"id":\n');
    assert.throws(
      () => readJsonlFile(path),
      (error: unknown) => isEdgecallError(error, "invalid-json") && error.message.startsWith(`${path}:2: `),
    );
    writeFileSync(path, '{"id":"x"}\n');
    assert.deepEqual(
      readJsonlFile(path).map((line) => line.value),
      [{ id: "x" }],
    );
  });

  it("refuses a file over the bound by its size and says when it cannot read one", () => {
    const path = join(directory, "big.jsonl");
    writeFileSync(path, `${"1\n".repeat(100)}`);
    assert.throws(
      () => readJsonlFile(path, { maxBytes: 199 }),
      (error: unknown) => isEdgecallError(error, "invalid-argument") && error.message.includes("200 bytes"),
    );
    assert.throws(
      () => readJsonlFile(join(directory, "missing.jsonl"), { notFound: "no such data" }),
      (error: unknown) => isEdgecallError(error, "file-not-found") && error.message === "no such data",
    );
  });
});
