/**
 * `edgecall chat` driven with piped lines: the scripted demo (`demo:script`) shows a tool call and
 * its result, a refusal and a confirmation after untrusted text, all through the real guarded
 * executor on a fresh world; `/` commands are commands; a spinner shows on a terminal only.
 */
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, it } from "node:test";
import type { GenerateResult, ModelBackend } from "../../backend/model-backend.js";
import { chatCommand } from "./chat-command.js";

/** Runs the chat over `lines` (then end of input); returns its exit code and everything it wrote. */
async function chat(
  lines: string[],
  options: { model?: string; tty?: boolean; backend?: ModelBackend } = {},
): Promise<{ code: number; text: string }> {
  const input = new PassThrough();
  const output = new PassThrough();
  if (options.tty) Object.assign(output, { isTTY: true, columns: 100 });
  let text = "";
  output.on("data", (chunk) => {
    text += chunk;
  });
  input.end(`${lines.join("\n")}\n`);
  const backend = options.backend;
  const model = options.model ?? "demo:script";
  // Other models get a world of their own here, never the user's default one.
  const state = model === "demo:script" ? {} : { state: mkdtempSync(join(tmpdir(), "edgecall-chat-test-")) };
  const code = await chatCommand(
    { model, gpu: "off", ...state },
    {
      input,
      output,
      interrupts: new EventEmitter(),
      ...(backend === undefined ? {} : { openBackend: async () => backend }),
    },
  );
  return { code, text };
}

describe("chat --model demo:script", () => {
  it("shows a call and its result, a refusal and a confirmation after untrusted text, for real", async () => {
    const { code, text } = await chat([
      "What's on my calendar today?",
      "Take care of the IT email about my mailbox quota.",
      "n",
      "/exit",
    ]);
    assert.equal(code, 0, text);
    // The first reply has words, a call and the real tool's result.
    assert.doesNotMatch(text, /\(no text in the reply\)/);
    assert.match(text, /Let me look at today's calendar\./);
    assert.match(text, /→ calendar_list_events \{"start":"2025-06-02","end":"2025-06-03"\}/);
    assert.match(
      text,
      /← \{"time_zone":"America\/New_York","events":\[\{"id":"evt-0008","title":"Team standup"/,
    );
    // The email's instructions: the reply to an unknown sender is refused by the guards...
    assert.match(text, /→ email_reply /);
    assert.match(text, /✗ precondition: it-support@northwind-helpdesk\.example\.net is not a contact/);
    // ... and moving the documents needs a confirmation, because the session read untrusted text.
    assert.match(text, /\? files_move \{"from":"documents","to":"trash\/documents"\}/);
    assert.match(text, /needs confirmation because this session has read untrusted content/);
    assert.match(text, /allow\? \[y\/N\] n\n/);
    assert.match(text, /✗ not confirmed: the user declined/);
    assert.match(text, /I stopped there\./);
    // A fresh world of its own, gone when the chat ends.
    const state = /state (\S+) \(a fresh demo world/.exec(text)?.[1];
    assert.ok(state !== undefined, text.slice(0, 600));
    assert.equal(existsSync(state), false, "the demo world is removed at the end");
  });

  it("says so once the script is used up", async () => {
    const { text } = await chat(["one", "two", "n", "three"]);
    assert.match(text, /The scripted demo ends here/);
  });
});

describe("chat: / commands", () => {
  it("/help lists the commands, /tools the tools, an unknown /x says so; none reaches the model", async () => {
    const { code, text } = await chat(["/help", "/tools", "/bogus", "What's on my calendar today?", "/quit"]);
    assert.equal(code, 0);
    assert.match(text, /commands:\n {2}\/help +this list\n {2}\/tools +the tools the model is offered/);
    assert.match(text, /^ {2}calendar_list_events +\S/m);
    assert.match(text, /unknown command \/bogus; \/help lists the commands/);
    // The first message the model saw was the question: its first scripted reply answers it.
    assert.match(text, /you> What's on my calendar today\?\nLet me look at today's calendar\./);
  });
});

describe("chat: progress while the model works", () => {
  function slowBackend(): ModelBackend {
    const result: GenerateResult = {
      rawText: "Hello.",
      parts: [{ type: "text", text: "Hello." }],
      finishReason: "stop",
      usage: { inputTokens: 1, outputTokens: 1 },
      timing: { firstTokenMs: 1, totalMs: 1 },
    };
    return {
      info: { backend: "test", model: "test" },
      generate: async () => result,
      close: async () => {},
    };
  }

  it("draws a spinner on a terminal and erases it before the reply", async () => {
    const { text } = await chat(["hi", "/exit"], { model: "test", tty: true, backend: slowBackend() });
    assert.match(text, /\r⠋ thinking… 0 s · Ctrl-C stops/);
    assert.match(text, /\r\u001b\[KHello\./);
  });

  it("draws nothing off a terminal", async () => {
    const { text } = await chat(["hi", "/exit"], { model: "test", backend: slowBackend() });
    assert.doesNotMatch(text, /\r|thinking/);
    assert.match(text, /you> hi\nHello\./);
  });
});
