/**
 * readGguf on a Qwen3.5-0.8B-sized file: what it reads and decodes, counted, not timed (the CPU
 * time goals are in bench/gguf-read.ts). The full read decodes every token and merge; a read
 * keeping 16 elements decodes a few hundred strings; neither touches the tensor data.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { scratchDirectory } from "./gguf-bytes.test-support.js";
import { qwen35SizedToken, writeQwen35SizedFile } from "./qwen35-sized-file.test-support.js";
import { readGguf } from "./reader.js";
import type { GgufArray, GgufFile } from "./reader-types.js";
import { countReaderWork, type ReaderWork } from "./reader-work.test-support.js";

const scratch = scratchDirectory();
after(() => scratch.remove());

async function counted(run: () => Promise<GgufFile>): Promise<{ gguf: GgufFile; work: ReaderWork }> {
  const outcome = await countReaderWork(run);
  if (!("value" in outcome)) throw outcome.error;
  return { gguf: outcome.value, work: outcome.work };
}

describe("readGguf: work on a real-sized file", () => {
  const file = writeQwen35SizedFile(scratch.write);
  const bigStrings = file.vocabulary + file.merges;

  /** The header region only: the buffer doubles from 1 MiB, so it ends under twice the header. */
  function assertHeaderOnly(work: ReaderWork): void {
    assert.ok(
      work.bytesRead < 2 * file.dataOffset,
      `read ${work.bytesRead} bytes of a file whose header takes ${file.dataOffset}`,
    );
    const loads = 1 + Math.ceil(Math.log2((2 * file.dataOffset) / 2 ** 20));
    assert.ok(work.fileReads <= loads, `${work.fileReads} file reads, expected at most ${loads}`);
    // About 7 checked reads per tensor info and a few per key; an array costs one, not one per
    // element, and a re-parse after loading more repeats only the item being read.
    assert.ok(work.cursorReads < 2_000, `${work.cursorReads} checked cursor reads`);
  }

  it("reads the full vocabulary and merges of a ~1 GB file from its header alone", async () => {
    assert.ok(file.size > 1_000_000_000, `file is ${file.size} bytes`);
    const { gguf, work } = await counted(() => readGguf(file.path));
    const tokens = gguf.metadata.get("tokenizer.ggml.tokens") as GgufArray;
    assert.equal(tokens.values.length, file.vocabulary);
    assert.equal(tokens.values[248_318], qwen35SizedToken(248_318));
    assert.equal((gguf.metadata.get("tokenizer.ggml.merges") as GgufArray).values.length, file.merges);
    assert.equal(gguf.tensors.length, file.tensors);
    const lastTensor = gguf.tensors.at(-1)!;
    assert.equal(gguf.dataOffset + lastTensor.offset + lastTensor.byteSize, file.size);
    assertHeaderOnly(work);
    assert.ok(work.decodedStrings >= bigStrings, `decoded ${work.decodedStrings} strings`);
  });

  it("keeping 16 elements decodes 16 of each array, not the vocabulary and merges", async () => {
    const { gguf, work } = await counted(() => readGguf(file.path, { maxArrayElementsKept: 16 }));
    for (const [key, length] of [
      ["tokenizer.ggml.tokens", file.vocabulary],
      ["tokenizer.ggml.token_type", file.vocabulary],
      ["tokenizer.ggml.merges", file.merges],
    ] as const) {
      const kept = gguf.metadata.get(key) as GgufArray;
      assert.equal(kept.length, length, key);
      assert.equal(kept.values.length, 16, key);
    }
    assert.equal((gguf.metadata.get("tokenizer.ggml.tokens") as GgufArray).values[15], qwen35SizedToken(15));
    assert.equal(gguf.tensors.length, file.tensors);
    assertHeaderOnly(work);
    // Keys, tensor names and 2 × 16 array strings: a few hundred, where the full read decodes 495,907.
    assert.ok(work.decodedStrings < 1_000, `decoded ${work.decodedStrings} strings`);
  });
});
