import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { getLlama, LlamaLogLevel, readGgufFileInfo } from "node-llama-cpp";
import { synthesizeGguf } from "./synthesize.js";

const directory = mkdtempSync(join(tmpdir(), "edgecall-synth-large-"));
after(() => rmSync(directory, { recursive: true, force: true }));

test("qwen3.5-0.8b at q4_0 is written in seconds with the real parameter count and loads", async (context) => {
  const outputPath = join(directory, "qwen3.5-0.8b-q4_0.gguf");
  const result = await synthesizeGguf({ preset: "qwen3.5-0.8b", quant: "q4_0", outputPath });
  context.diagnostic(
    `synthesised ${(result.bytes / 2 ** 20).toFixed(0)} MiB in ${result.seconds.toFixed(1)} s`,
  );
  assert.equal(result.parameters, 752_393_024);
  assert.equal(result.tensorCount, 320);
  assert.equal(statSync(outputPath).size, result.bytes);
  const info = await readGgufFileInfo(outputPath, { logWarnings: false });
  const counted = info.fullTensorInfo!.reduce(
    (sum, tensor) => sum + tensor.dimensions.reduce<number>((product, size) => product * Number(size), 1),
    0,
  );
  assert.equal(counted, 752_393_024);

  const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  try {
    const model = await llama.loadModel({ modelPath: outputPath });
    assert.equal(model.fileInsights.totalParameters, 752_393_024);
    assert.equal(model.trainContextSize, 262144);
    await model.dispose();
  } finally {
    await llama.dispose();
  }
});
