import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { describe, it } from "node:test";
import type { ModelBackend } from "../../backend/model-backend.js";
import { defaultModelName, type ServeCommandOptions, serveCommand } from "./serve-command.js";

const backend: ModelBackend = {
  info: { backend: "replay", model: "r" },
  generate: async () => {
    throw new Error("not called");
  },
  close: async () => {},
};

const base: ServeCommandOptions = { model: "replay:r.jsonl", gpu: "off", host: "127.0.0.1", port: 0 };

/** Runs serve until it listens, then stops it; returns its exit code and stderr. */
async function serveOnce(options: ServeCommandOptions): Promise<{ code: number; stderr: string }> {
  const stderr = new PassThrough();
  let text = "";
  stderr.on("data", (chunk) => {
    text += chunk;
  });
  const stop = new AbortController();
  const code = await serveCommand(options, {
    stderr,
    stop: stop.signal,
    openBackend: async () => backend,
    onListening: () => stop.abort(),
  });
  return { code, stderr: text };
}

describe("edgecall serve (command)", () => {
  it("names the model after the file, and refuses empty --host and --model-name", async () => {
    assert.equal(defaultModelName("/m/Qwen3.5-0.8B-Q4_0.gguf"), "Qwen3.5-0.8B-Q4_0");
    assert.equal(defaultModelName("openai:http://h:1/v1#qwen"), "qwen");
    assert.equal(defaultModelName("replay:/x/answers.jsonl"), "answers");
    await assert.rejects(serveOnce({ ...base, host: " " }), /--host: empty/);
    await assert.rejects(serveOnce({ ...base, modelName: "" }), /--model-name: empty/);
    await assert.rejects(serveOnce({ ...base, apiKey: " " }), /--api-key: the key is empty/);
  });

  it("treats an empty EDGECALL_API_KEY as unset, and warns about --constrained on other backends", async () => {
    const saved = process.env.EDGECALL_API_KEY;
    process.env.EDGECALL_API_KEY = "";
    try {
      const { code, stderr } = await serveOnce({ ...base, constrained: true });
      assert.equal(code, 0);
      assert.match(stderr, /--constrained has no effect on replay models/);
      assert.match(stderr, /serving r /);
    } finally {
      if (saved === undefined) delete process.env.EDGECALL_API_KEY;
      else process.env.EDGECALL_API_KEY = saved;
    }
  });

  it("warns when a non-loopback host has no key, and not for loopback names", async () => {
    for (const host of ["127.0.0.2", "LOCALHOST", "::1"]) {
      assert.doesNotMatch((await serveOnce({ ...base, host })).stderr, /without --api-key/, host);
    }
    assert.match(
      (await serveOnce({ ...base, host: "0.0.0.0" })).stderr,
      /serving on 0\.0\.0\.0 without --api-key/,
    );
  });
});
