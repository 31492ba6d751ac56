// Cross-checks edgecall's reader against node-llama-cpp's own GGUF parser (readGgufFileInfo) on
// crafted files: an independent implementation must see the same metadata, tensors and
// parameter count. node-llama-cpp is used here only, never by the reader.
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { readGgufFileInfo } from "node-llama-cpp";
import { buildGgufBytes, scratchDirectory } from "./gguf-bytes.test-support.js";
import { inspectGguf } from "./inspect.js";
import { readGguf } from "./reader.js";
import { array, modelSpec, scalar } from "./reader-fixtures.test-support.js";
import { type GgufArray, GgufValueType as T } from "./reader-types.js";

const scratch = scratchDirectory();
after(() => scratch.remove());

function lookup(nested: unknown, key: string): unknown {
  let node = nested;
  for (const part of key.split(".")) node = (node as Record<string, unknown>)[part];
  return node;
}

describe("readGguf agrees with node-llama-cpp's readGgufFileInfo", () => {
  it("on a model-shaped file with untied output and extra value types", async () => {
    const spec = modelSpec({ layers: 3, width: 512, vocabulary: 500, fileType: 15, untied: true });
    spec.kvs = [
      ...spec.kvs!,
      { key: "general.alignment", value: scalar(T.UINT32, 64) },
      { key: "qwen3.rope.dimension_sections", value: array(T.INT32, [11, 11, 10, 0]) },
      { key: "general.size_bytes", value: scalar(T.UINT64, 123456789012n) },
      { key: "tokenizer.ggml.add_bos_token", value: scalar(T.BOOL, false) },
    ];
    const path = scratch.write("cross.gguf", buildGgufBytes(spec).bytes);
    const ours = await readGguf(path);
    const theirs = await readGgufFileInfo(path, { logWarnings: false, sourceType: "filesystem" });

    assert.equal(ours.version, theirs.version);
    assert.equal(BigInt(ours.tensors.length), BigInt(theirs.tensorCount));
    for (const [key, value] of ours.metadata) {
      const other = lookup(theirs.metadata, key);
      if (typeof value === "object") assert.deepEqual((value as GgufArray).values, other, key);
      else if (typeof value === "bigint") assert.equal(value, BigInt(other as number | bigint), key);
      else assert.equal(value, other, key);
    }
    const theirTensors = theirs.tensorInfo ?? [];
    assert.equal(theirTensors.length, ours.tensors.length);
    let theirParameters = 0n;
    for (const [index, tensor] of ours.tensors.entries()) {
      const other = theirTensors[index]!;
      assert.equal(tensor.name, other.name);
      assert.deepEqual(tensor.dimensions, other.dimensions.map(Number));
      assert.equal(tensor.type, other.ggmlType);
      assert.equal(BigInt(tensor.offset), BigInt(other.offset));
      theirParameters += other.dimensions.reduce<bigint>((product, size) => product * BigInt(size), 1n);
    }
    assert.equal((await inspectGguf(path)).parameters, Number(theirParameters));
    assert.equal(ours.dataOffset % 64, 0);
  });
});
