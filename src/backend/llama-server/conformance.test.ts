/**
 * The llama-server backend passes the backend conformance suite against the real llama-server the
 * bundled llama.cpp builds (bench/build-llama-server.sh), serving a tiny random-weight model; it
 * is reported skipped, saying how to build the binary, when it is absent (as the interop test is,
 * CI included: .ci/run builds it, and a failed build only skips).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { it } from "node:test";
import { synthesizeGguf } from "../../gguf/synth/synthesize.js";
import {
  type ConformanceHarness,
  runBackendConformance,
  unscriptable,
  unstreamable,
} from "../backend-conformance.test-support.js";
import { createLlamaServerBackend } from "./backend.js";
import { findLlamaServerBinary, startLlamaServer } from "./launch.js";

const binary = findLlamaServerBinary();

if (binary === undefined)
  it("llama-server (tiny random qwen3): ModelBackend conformance", {
    skip: "llama-server is not built: run `bash bench/build-llama-server.sh` (about 11 minutes) or set EDGECALL_LLAMA_SERVER",
  });
else
  runBackendConformance(
    "llama-server (tiny random qwen3)",
    async (): Promise<ConformanceHarness> => {
      const scratch = mkdtempSync(join(tmpdir(), "edgecall-llama-server-conformance-"));
      const model = await synthesizeGguf({
        arch: "qwen3",
        preset: "tiny",
        quant: "q8_0",
        outputPath: join(scratch, "tiny.gguf"),
        seed: 1,
      });
      const server = await startLlamaServer({
        binary,
        modelPath: model.path,
        threads: 2,
        contextSize: 4096,
        readyTimeoutMs: 60_000,
      });
      return {
        backend: await createLlamaServerBackend({ baseUrl: server.root }),
        request: { maxTokens: 16, sampling: { temperature: 0.7, seed: 11 } },
        dispose: async () => {
          await server.stop();
          rmSync(scratch, { recursive: true, force: true });
        },
      };
    },
    {
      shareHarness: true,
      timeoutMs: 120_000,
      skip: {
        ...unscriptable(
          "a random-weight model's output cannot be scripted; the openai and serve harnesses script the same parsing and finish paths",
        ),
        ...unstreamable(
          "the llama-server backend posts to /completion with stream: false and has no stream(); callers fall back to generate",
        ),
      },
    },
  );
