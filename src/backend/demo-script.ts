/**
 * The `demo:script` model: a scripted conversation that shows the product on a fresh machine. Its
 * words are written in advance (data/demo/chat-script.jsonl, in the `json` tool-call format) and
 * served by the replay backend in order, whatever the user types; everything else is real: each
 * call is parsed, goes through the guarded executor and runs on the assistant tools, so the chat
 * shows a call and its result, a refusal and a confirmation after untrusted text. Once the script
 * is used up, every reply says so.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { EdgecallError } from "../errors.js";
import type {
  GenerateOptions,
  GenerateRequest,
  GenerateResult,
  ModelBackend,
  StreamEvent,
} from "./model-backend.js";
import { openModel } from "./open-model.js";
import { createReplayBackend } from "./replay-backend.js";

/** The model spec of the scripted demo. */
export const demoScriptSpec = "demo:script";

/** The lines to type, in order, for the script's replies to fit. */
export const demoScriptPrompts: readonly string[] = [
  "What's on my calendar today?",
  "Take care of the IT email about my mailbox quota.",
];

/** What every reply says once the script is used up. */
export const demoScriptEnd =
  "The scripted demo ends here: its words were written in advance (data/demo/chat-script.jsonl). " +
  "Type /exit, then try a real model: --model FILE.gguf, or openai:URL#MODEL.";

/** Milliseconds before each scripted reply, so it reads like a model at work. */
const defaultDelayMs = 150;

/** True when `spec` names the scripted demo. */
export function isDemoScript(spec: string): boolean {
  return spec.trim() === demoScriptSpec;
}

/** The absolute path of the shipped script (from source or from dist/). */
export function demoScriptPath(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(folder, "data", "demo", "chat-script.jsonl");
    if (existsSync(join(folder, "package.json")) && existsSync(candidate)) return candidate;
    const parent = dirname(folder);
    if (parent === folder)
      throw new EdgecallError("file-not-found", "cannot find the package's data/demo/chat-script.jsonl", {
        subject: demoScriptSpec,
      });
    folder = parent;
  }
}

function endResult(): GenerateResult {
  return {
    rawText: demoScriptEnd,
    parts: [{ type: "text", text: demoScriptEnd }],
    finishReason: "stop",
    usage: { inputTokens: 0, outputTokens: 0 },
    timing: { firstTokenMs: 0, totalMs: 0 },
    details: { usageKnown: false, demoScriptEnded: true },
  };
}

function isExhausted(error: unknown): boolean {
  return error instanceof EdgecallError && error.code === "replay-exhausted";
}

/** Opens the scripted demo model. `delayMs`: the wait before each reply (default 150). */
export async function createDemoScriptBackend(options: { delayMs?: number } = {}): Promise<ModelBackend> {
  const path = demoScriptPath();
  const { getFormat } = await import("../formats/registry.js");
  const replay = createReplayBackend({
    path,
    format: getFormat("json"),
    delayMs: options.delayMs ?? defaultDelayMs,
  });
  return {
    info: { ...replay.info, model: `${demoScriptSpec} (${path})` },
    capabilities: replay.capabilities,
    async generate(request: GenerateRequest, generateOptions?: GenerateOptions): Promise<GenerateResult> {
      try {
        return await replay.generate(request, generateOptions);
      } catch (error) {
        if (isExhausted(error)) return endResult();
        throw error;
      }
    },
    async *stream(request: GenerateRequest, generateOptions?: GenerateOptions): AsyncGenerator<StreamEvent> {
      const events = replay.stream!(request, generateOptions)[Symbol.asyncIterator]();
      let next: IteratorResult<StreamEvent>;
      try {
        next = await events.next();
      } catch (error) {
        if (!isExhausted(error)) throw error;
        yield { type: "text-delta", text: demoScriptEnd };
        yield { type: "finish", result: endResult() };
        return;
      }
      while (next.done !== true) {
        yield next.value;
        next = await events.next();
      }
    },
    close: () => replay.close(),
  };
}

/** {@link openModel}, except that `demo:script` opens the scripted demo. */
export function openModelOrDemoScript(...args: Parameters<typeof openModel>): ReturnType<typeof openModel> {
  const [spec] = args;
  if (isDemoScript(typeof spec === "string" ? spec : spec.text)) return createDemoScriptBackend();
  return openModel(...args);
}
