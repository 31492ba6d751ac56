/**
 * `bench --model llama-server:URL` against a real llama-server (bench/build-llama-server.sh's build
 * of the llama.cpp node-llama-cpp bundles), serving the demo model: its own timings are used, and
 * the prompt and generation are exactly the sizes asked. Skipped, saying how to build it, without
 * the binary.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ensureDemoModel } from "../../backend/demo-model.js";
import {
  findLlamaServerBinary,
  type RunningLlamaServer,
  startLlamaServer,
} from "../../backend/llama-server/launch.js";
import { runServerBench } from "./run-server-bench.js";
import { parseServerBenchOptions } from "./server-bench-options.js";

const binary = findLlamaServerBinary();
const skip =
  binary === undefined
    ? "llama-server is not built: run `bash bench/build-llama-server.sh` (about 11 minutes) or set EDGECALL_LLAMA_SERVER"
    : false;

describe("bench against llama-server (the CI build)", { skip }, () => {
  let server: RunningLlamaServer | undefined;
  let modelPath = "";

  before(async () => {
    modelPath = await ensureDemoModel();
    server = await startLlamaServer({
      binary: binary ?? "",
      modelPath,
      threads: 1,
      contextSize: 512,
      readyTimeoutMs: 60_000,
    });
  });
  after(async () => {
    await server?.stop();
  });

  it("uses llama-server's own timings over prompts of exactly N random tokens", async () => {
    const root = server?.root ?? "";
    const noEnergy = { meter: undefined, unavailable: ["RAPL: none"] };
    const report = await runServerBench(
      parseServerBenchOptions({
        model: `llama-server:${root}`,
        promptTokens: "16,48",
        genTokens: 8,
        repeats: 2,
      }),
      { energy: noEnergy },
    );
    assert.equal(report.backend.name, "llama-server");
    assert.equal(report.backend.endpoint, `${root}/completion`);
    assert.equal(report.backend.server.props?.modelPath, modelPath);
    assert.equal(report.backend.server.props?.contextSize, 512);
    assert.match(report.backend.server.props?.buildInfo ?? "", /\S/);
    assert.equal(report.model.path, modelPath);
    assert.deepEqual(
      report.results.map((result) => [result.test, result.timingSource]),
      [
        ["pp16", "server"],
        ["pp48", "server"],
        ["tg8", "server"],
      ],
    );
    const [pp16, pp48, tg8] = report.results;
    // No prompt cache between repeats: every run evaluated the whole prompt.
    assert.deepEqual(
      pp16?.runs.map((run) => [run.tokens, run.cachedTokens]),
      [
        [16, 0],
        [16, 0],
      ],
    );
    assert.deepEqual(
      pp48?.runs.map((run) => run.tokens),
      [48, 48],
    );
    // ignore_eos: exactly the tokens asked (the last token's timings where the reply was refused).
    for (const run of tg8?.runs ?? []) assert.ok(run.tokens >= 1 && run.tokens <= 8, JSON.stringify(run));
    for (const result of report.results)
      for (const run of result.runs) {
        assert.ok(
          run.serverMs !== undefined && run.serverMs > 0 && run.serverMs <= run.ms,
          JSON.stringify(run),
        );
        assert.ok(run.networkMs !== undefined && run.networkMs >= 0, JSON.stringify(run));
      }
    assert.equal(report.loadMs, null);
    assert.equal(report.peakRssBytes, null);
  });
});
