import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { getLlama, type Llama, LlamaLogLevel, type Token } from "node-llama-cpp";
import { type TinyArchitecture, tinyModelPath } from "../../gguf/synth/tiny-model.test-support.js";
import type { ChatMessage } from "../../messages.js";
import type { GenerateRequest, ModelBackend } from "../model-backend.js";
import { ggufFileIdentity } from "../model-identity.js";
import { createLlamaCppBackend } from "./backend.js";
import { clockTool as clock } from "./clock-tool.test-support.js";
import { minPersistedTokens, PrefixStateStore } from "./prefix-state-store.js";

// Long enough instructions to be persisted (at least minPersistedTokens tokens).
const rules = Array.from({ length: 160 }, (_, index) => `Rule ${index + 1}: be brief and exact.`).join(" ");
const system: ChatMessage = { role: "system", content: `You are a helpful assistant. ${rules}` };
const greedy = (user: string, systemMessage: ChatMessage = system): GenerateRequest => ({
  messages: [systemMessage, { role: "user", content: user }],
  tools: [clock],
  maxTokens: 8,
  sampling: { temperature: 0, seed: 3 },
});

let llama: Llama;
const folders: string[] = [];
const folder = () => {
  const path = mkdtempSync(join(tmpdir(), "edgecall-prefix-store-test-"));
  folders.push(path);
  return path;
};

async function withBackend<T>(
  arch: TinyArchitecture,
  directory: string | undefined,
  run: (backend: ModelBackend) => Promise<T>,
): Promise<T> {
  const backend = await createLlamaCppBackend({
    modelPath: await tinyModelPath(arch),
    llama,
    threads: 1,
    recordTokenIds: true,
    ...(directory === undefined ? {} : { prefixStateCache: { directory, maxBytes: 1024 ** 3 } }),
  });
  try {
    return await run(backend);
  } finally {
    await backend.close();
  }
}

const states = (directory: string) => readdirSync(directory).filter((name) => name.endsWith(".state"));

before(async () => {
  llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
});

after(async () => {
  await llama.dispose();
  for (const path of folders) rmSync(path, { recursive: true, force: true });
});

describe("prefix state store", () => {
  for (const arch of ["qwen3", "qwen35"] as const) {
    it(`a later process loads the instructions' state and decodes the same tokens (${arch})`, async () => {
      const directory = folder();
      const first = await withBackend(arch, directory, (backend) =>
        backend.generate(greedy("What time is it?")),
      );
      assert.equal(first.usage.cachedInputTokens ?? 0, 0, "the first launch evaluates everything");
      assert.equal(states(directory).length, 1, "the instructions' state is written once");
      const later = await withBackend(arch, directory, (backend) =>
        backend.generate(greedy("What time is it?")),
      );
      assert.ok(
        (later.usage.cachedInputTokens ?? 0) >= minPersistedTokens,
        `a later launch loads the instructions (held ${later.usage.cachedInputTokens})`,
      );
      assert.deepEqual(later.details?.outputTokenIds, first.details?.outputTokenIds);
      const uncached = await withBackend(arch, undefined, (backend) =>
        backend.generate(greedy("What time is it?")),
      );
      assert.deepEqual(
        uncached.details?.outputTokenIds,
        first.details?.outputTokenIds,
        "same as without a cache",
      );
      const other = await withBackend(arch, directory, (backend) =>
        backend.generate(
          greedy("What time is it?", { role: "system", content: `Other instructions. ${rules}` }),
        ),
      );
      assert.equal(other.usage.cachedInputTokens ?? 0, 0, "other instructions are not matched");
      assert.equal(states(directory).length, 2);
    });
  }

  it("a damaged state file is evaluated instead, and written again", async () => {
    const directory = folder();
    const first = await withBackend("qwen3", directory, (backend) => backend.generate(greedy("Hello")));
    const [name] = states(directory);
    writeFileSync(join(directory, name!), "not a state file");
    const again = await withBackend("qwen3", directory, (backend) => backend.generate(greedy("Hello")));
    assert.equal(again.usage.cachedInputTokens ?? 0, 0);
    assert.deepEqual(again.details?.outputTokenIds, first.details?.outputTokenIds);
    assert.ok(statSync(join(directory, name!)).size > 1000, "the state is written again");
  });

  it("short instructions stay in memory", async () => {
    const directory = folder();
    const short: ChatMessage = { role: "system", content: "Be brief." };
    await withBackend("qwen3", directory, (backend) => backend.generate(greedy("Hi", short)));
    assert.equal(states(directory).length, 0);
  });

  it("keys on the model file and trims the folder to its size, least recently used first", async () => {
    const directory = folder();
    const model = join(directory, "model.gguf");
    writeFileSync(model, "GGUF fake model bytes");
    const store = new PrefixStateStore(
      { directory, maxBytes: 2500 },
      { model: await ggufFileIdentity(model), runtime: "test", settings: { flashAttention: "off" } },
    );
    const prefix = (seed: number) =>
      Array.from({ length: minPersistedTokens }, (_, index) => (index + seed) as Token);
    assert.equal(store.accepts(minPersistedTokens - 1), false);
    assert.equal(store.accepts(minPersistedTokens), true);
    assert.equal(store.find(prefix(1)), undefined);
    const write = (seed: number) => {
      const path = store.pathFor(prefix(seed));
      const temporary = store.temporaryPathFor(path);
      writeFileSync(temporary, Buffer.alloc(1000));
      store.commit(temporary, path);
      return path;
    };
    const one = write(1);
    const two = write(2);
    utimesSync(one, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    utimesSync(two, new Date(Date.now() - 30_000), new Date(Date.now() - 30_000));
    assert.equal(store.find(prefix(1)), one, "found (and touched: now the most recent)");
    write(3);
    assert.equal(states(directory).length, 2, "2,500 bytes hold two 1,000-byte states");
    assert.equal(store.find(prefix(2)), undefined, "the least recently used went first");
    assert.ok(store.find(prefix(1)) !== undefined && store.find(prefix(3)) !== undefined);
    // Another model file (same path, new contents) has other keys.
    writeFileSync(model, "GGUF another model, longer");
    const other = new PrefixStateStore(
      { directory, maxBytes: 2500 },
      { model: await ggufFileIdentity(model), runtime: "test", settings: { flashAttention: "off" } },
    );
    assert.equal(other.find(prefix(1)), undefined);
    assert.notEqual(other.pathFor(prefix(1)), store.pathFor(prefix(1)));
  });
});
