/**
 * Interop with a real llama-server: the one bench/build-llama-server.sh builds from the llama.cpp
 * source inside node-llama-cpp, serving a tiny synthesised (random-weight) Qwen3 model. The
 * assistant suites run through `openai:` (its chat endpoint, tools and all) and through
 * `llama-server:` (raw `/completion`, edgecall's rendering and parser) with no harness error:
 * the tool schemas its grammar cannot take are relaxed and reported, unparseable replies are
 * scored, not retried. Skipped, saying how to build the binary, when it is absent.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createAssistantRegistry } from "../src/assistant/assistant-registry.js";
import {
  findLlamaServerBinary,
  type RunningLlamaServer,
  startLlamaServer,
} from "../src/backend/llama-server/launch.js";
import { toOpenAIMessages } from "../src/backend/openai/request.js";
import { runEvalSession } from "../src/eval/eval-session.js";
import type { EvalSessionOutcome } from "../src/eval/session-options.js";
import { renderChatTemplate } from "../src/formats/chat-template.js";
import { synthesizeGguf } from "../src/gguf/synth/synthesize.js";
import type { ChatMessage } from "../src/messages.js";
import { defaultSuiteCatalog } from "../src/suites/default-catalog.js";

const binary = findLlamaServerBinary();
const skip =
  binary === undefined
    ? "llama-server is not built: run `bash bench/build-llama-server.sh` (about 11 minutes) or set EDGECALL_LLAMA_SERVER"
    : false;

/** The tiny Qwen3 preset with a context long enough for the assistant tools' prompt (about 9.5k tokens here). */
const shape = {
  arch: "qwen3",
  vocabSize: 1536,
  embeddingLength: 128,
  blockCount: 2,
  feedForwardLength: 384,
  headCount: 4,
  headCountKv: 2,
  keyLength: 32,
  ropeFreqBase: 1e6,
  rmsEpsilon: 1e-6,
  contextLength: 16384,
  tiedEmbeddings: true,
};

describe("llama-server interop (the llama.cpp node-llama-cpp bundles)", { skip }, () => {
  const scratch = mkdtempSync(join(tmpdir(), "edgecall-llama-server-"));
  let server: RunningLlamaServer | undefined;

  before(async () => {
    const model = await synthesizeGguf({
      shape,
      quant: "q8_0",
      outputPath: join(scratch, "tiny.gguf"),
      seed: 1,
    });
    server = await startLlamaServer({
      binary: binary ?? "",
      modelPath: model.path,
      threads: 2,
      contextSize: 2 * 16384,
      parallel: 2,
      readyTimeoutMs: 60_000,
    });
  });
  after(async () => {
    await server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  const evalOn = (model: string, label: string): Promise<EvalSessionOutcome> =>
    runEvalSession({
      catalog: defaultSuiteCatalog(),
      model,
      suites: "assistant",
      limit: 2,
      maxTokens: 24,
      concurrency: 2,
      progress: false,
      cache: false,
      out: join(scratch, label),
    });

  const assertNoHarnessErrors = (outcome: EvalSessionOutcome): void => {
    assert.ok(outcome.results.length >= 6, `${outcome.results.length} results`);
    assert.equal(outcome.results.length, outcome.summary.planned);
    assert.deepEqual(
      outcome.results
        .filter((result) => result.error !== null)
        .map((result) => `${result.id}: ${result.error?.message}`),
      [],
    );
  };

  it("runs the assistant suites through openai: with 0 harness errors", async () => {
    const outcome = await evalOn(`openai:${server?.root}/v1#tiny`, "chat");
    assertNoHarnessErrors(outcome);
    // The calendar tool's description (maxLength 2000) is past llama.cpp's repetition limit.
    const relaxed = outcome.backendReport?.relaxedBounds ?? [];
    assert.ok(
      relaxed.some((line) => line.endsWith("maxLength 2000")),
      `relaxed: ${relaxed.join("; ")}`,
    );
    const record = JSON.parse(readFileSync(join(outcome.runDirectory, "run.json"), "utf8")) as {
      settings: { temperature: number | null };
      sessions: { backend?: { relaxedBounds?: string[] } }[];
    };
    assert.deepEqual(record.sessions.at(-1)?.backend?.relaxedBounds, relaxed);
  });

  it("renders the assistant tools and a call history byte for byte as llama-server does", async () => {
    const root = server?.root ?? "";
    const props = (await (await fetch(`${root}/props`)).json()) as {
      chat_template: string;
      bos_token: string;
      eos_token: string;
    };
    const tools = createAssistantRegistry().definitions();
    const messages: ChatMessage[] = [
      { role: "system", content: "You are a helpful assistant." },
      { role: "user", content: "Move my dentist appointment to Friday." },
      {
        role: "assistant",
        content: "",
        toolCalls: [
          { id: "call_1", name: "list_events", arguments: { from: "2026-12-01", to: "2026-12-08" } },
        ],
      },
      { role: "tool", content: '{"events":[]}', toolCallId: "call_1", name: "list_events" },
      { role: "user", content: "Thanks." },
    ];
    const ours = renderChatTemplate(props.chat_template, messages, tools, {
      bosToken: props.bos_token,
      eosToken: props.eos_token,
    });
    const response = await fetch(`${root}/apply-template`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        messages: toOpenAIMessages(messages),
        tools: tools.map((tool) => ({
          type: "function",
          function: { name: tool.name, description: tool.description, parameters: tool.parameters },
        })),
      }),
    });
    const theirs = ((await response.json()) as { prompt: string }).prompt;
    assert.equal(ours, theirs);
  });

  it("runs them through llama-server: (raw /completion, edgecall's rendering) with 0 harness errors", async () => {
    const outcome = await evalOn(`llama-server:${server?.root}`, "raw");
    assertNoHarnessErrors(outcome);
    const record = JSON.parse(readFileSync(join(outcome.runDirectory, "run.json"), "utf8")) as {
      model: { identity: string; format: string; backend: string; randomWeights: boolean };
    };
    assert.equal(record.model.identity, `llama-server:${server?.root}`);
    // The server's model file is here and synthesised: labelled as random weights.
    assert.equal(record.model.randomWeights, true);
    assert.equal(record.model.format, "qwen3");
    assert.equal(record.model.backend, "llama-server");
    // The server's own timings: prefill and decode are measured, not guessed.
    const timed = outcome.results.filter((result) => result.timing?.prefillMs !== undefined);
    assert.ok(timed.length > 0, "results carry the server's prefill time");
  });
});
