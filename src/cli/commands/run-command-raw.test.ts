import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { describe, it } from "node:test";
import type { BackendInfo, GenerateResult, ModelBackend } from "../../backend/model-backend.js";
import type { OpenModelOptions } from "../../backend/open-model.js";
import { isEdgecallError } from "../../errors.js";
import { type RunCommandOptions, runCommand } from "./run-command.js";

const base: RunCommandOptions = { model: "m.gguf", gpu: "off", toolChoice: "auto", maxTokens: 8 };

function backendWith(info: Partial<BackendInfo>, opened: OpenModelOptions[] = []) {
  const result: GenerateResult = {
    rawText: " Paris.",
    parts: [{ type: "text", text: " Paris." }],
    finishReason: "stop",
    usage: { inputTokens: 6, outputTokens: 2 },
    timing: { firstTokenMs: 1, totalMs: 2 },
  };
  return async (_spec: string, options: OpenModelOptions = {}): Promise<ModelBackend> => {
    opened.push(options);
    return {
      info: { backend: "test", model: "m.gguf", ...info },
      generate: async () => result,
      close: async () => {},
    };
  };
}

async function run(options: Partial<RunCommandOptions>, info: Partial<BackendInfo>) {
  let err = "";
  const stderr = new PassThrough();
  stderr.on("data", (chunk) => {
    err += chunk;
  });
  const opened: OpenModelOptions[] = [];
  const code = await runCommand(
    "The capital of France is",
    { ...base, ...options },
    {
      stdout: new PassThrough(),
      stderr,
      openBackend: backendWith(info, opened) as never,
    },
  );
  return { code, err, opened };
}

describe("edgecall run --raw and files without a chat template", () => {
  it("--raw asks the backend for plain completion", async () => {
    const { code, opened } = await run({ raw: true }, { rawCompletion: true });
    assert.equal(code, 0);
    assert.equal(opened[0]?.rawCompletion, true);
  });

  it("--raw refuses tools, a system message and backends that cannot complete plain text", async () => {
    for (const extra of [{ tools: "assistant" }, { system: "Be brief." }, { constrained: true }]) {
      await assert.rejects(
        run({ raw: true, ...extra }, { rawCompletion: true }),
        (error: unknown) =>
          isEdgecallError(error, "usage") && /--raw completes plain text/.test(error.message),
      );
    }
    await assert.rejects(
      run({ raw: true }, {}),
      (error: unknown) => isEdgecallError(error, "usage") && /in-process GGUF/.test(error.message),
    );
  });

  it("a file without a template gets a note naming the fallback", async () => {
    const { err } = await run({}, { chatTemplateFallback: "gemma-turns" });
    assert.match(err, /note: the model file has no chat template; prompts use Gemma's turn format/);
    assert.doesNotMatch((await run({}, {})).err, /no chat template/);
  });
});
