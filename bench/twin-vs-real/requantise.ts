/**
 * Requantises a real GGUF with edgecall's own encoders, for `edgecall compare-quants` on real
 * weights (compare-quants compares files; it makes none). Every quantised tensor is decoded to f32
 * and encoded again as `--quant`; F32 tensors are copied; the token embedding and output matrix
 * stay at 8 bits (Q8_0) for types below 8 bits, as llama-quantize keeps them (its Q6_K falls back
 * to Q8_0 when a row is not a multiple of 256). Metadata is copied, `general.file_type` set. These
 * are the real weights, requantised: not random weights.
 *
 *   node --import tsx bench/twin-vs-real/requantise.ts --model REAL.gguf --quant q8_0|q5_0|q4_0|q4_1 -o OUT.gguf
 */
import { rename } from "node:fs/promises";
import { parseArgs } from "node:util";
import { ggmlType } from "../../src/gguf/ggml-types.js";
import { GgmlTypeId } from "../../src/gguf/quantize.js";
import { readGguf } from "../../src/gguf/reader.js";
import { ggufKv, writeGguf } from "../../src/gguf/writer.js";
import { q4_1TypeId } from "./q4-1.js";
import { encodeTensor, metadataKvs, readTensorValues } from "./tensor-codec.js";

/** Target type and llama_ftype of each `--quant`. */
const targets: Record<string, { type: number; fileType: number }> = {
  q8_0: { type: GgmlTypeId.Q8_0, fileType: 7 },
  q5_0: { type: GgmlTypeId.Q5_0, fileType: 8 },
  q4_0: { type: GgmlTypeId.Q4_0, fileType: 2 },
  q4_1: { type: q4_1TypeId, fileType: 3 },
};

const { values } = parseArgs({
  options: {
    model: { type: "string" },
    quant: { type: "string" },
    output: { type: "string", short: "o" },
  },
});

async function main(): Promise<void> {
  const target = targets[values.quant ?? ""];
  if (!values.model || !target || !values.output)
    throw new Error(`give --model FILE, --quant (${Object.keys(targets).join(" | ")}) and -o OUT`);
  const real = await readGguf(values.model);
  const edge = (name: string) => name === "token_embd.weight" || name === "output.weight";
  const types = real.tensors.map((tensor) => {
    if (tensor.type === GgmlTypeId.F32 || tensor.dimensions.length < 2) return tensor.type;
    const wanted = edge(tensor.name) && target.type !== GgmlTypeId.Q8_0 ? GgmlTypeId.Q8_0 : target.type;
    return tensor.dimensions[0]! % ggmlType(wanted)!.blockSize === 0 ? wanted : GgmlTypeId.F16;
  });
  const partial = `${values.output}.${process.pid}.partial`;
  await writeGguf({
    path: partial,
    metadata: metadataKvs(real, [ggufKv.u32("general.file_type", target.fileType)]),
    tensors: real.tensors.map((tensor, index) => ({
      name: tensor.name,
      dimensions: tensor.dimensions,
      type: types[index]!,
    })),
    async *produce(_descriptor, index) {
      const tensor = real.tensors[index]!;
      yield encodeTensor(types[index]!, await readTensorValues(real, tensor));
    },
  });
  await rename(partial, values.output);
  const counts: Record<string, number> = {};
  for (const type of types) counts[ggmlType(type)!.name] = (counts[ggmlType(type)!.name] ?? 0) + 1;
  console.log(
    `${values.output}: ${Object.entries(counts)
      .map(([name, count]) => `${name} ${count}`)
      .join(", ")}`,
  );
}

try {
  await main();
} catch (error) {
  process.stderr.write(`requantise: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
