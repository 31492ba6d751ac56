/**
 * `edgecall chat` driven programmatically: a replay model, scripted (non-TTY) stdin, a fresh
 * assistant world, and a fake Ctrl-C. Checks what the user sees and what happened to the world.
 */
import assert from "node:assert/strict";
import { EventEmitter } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { jsonCall, replayModel } from "../src/agent/replay-script.test-support.js";
import { createAssistantRegistry } from "../src/assistant/assistant-registry.js";
import { openWorld } from "../src/assistant/world.js";
import type { GenerateOptions, GenerateRequest } from "../src/backend/model-backend.js";
import type { ReplayBackend } from "../src/backend/replay-backend.js";
import { chatCommand } from "../src/cli/commands/chat-command.js";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

interface ChatRun {
  code: number;
  output: string;
  stateDir: string;
  backend: ReplayBackend;
}

async function chat(
  script: string[],
  stdin: string[],
  options: { delayMs?: number; interruptAfterMs?: number; mcp?: string[] } = {},
): Promise<ChatRun> {
  const stateDir = mkdtempSync(join(tmpdir(), "edgecall-chat-"));
  const backend = replayModel(script, options.delayMs);
  const input = new PassThrough();
  const output = new PassThrough();
  let text = "";
  output.on("data", (chunk) => {
    text += chunk;
  });
  const interrupts = new EventEmitter();
  // Ctrl-C is pressed `interruptAfterMs` after the first model call starts, not after the chat
  // starts: on a busy machine the start can take longer, and a Ctrl-C before any reply ends the
  // chat instead of stopping a reply. The reply's own delay is longer, and a timer set later for
  // longer never fires first.
  let model: ReplayBackend = backend;
  const interruptAfterMs = options.interruptAfterMs;
  if (interruptAfterMs !== undefined) {
    let pressed = false;
    const press = (): void => {
      if (pressed) return;
      pressed = true;
      setTimeout(() => interrupts.emit("SIGINT"), interruptAfterMs);
    };
    const stream = backend.stream;
    model = Object.assign(Object.create(backend) as ReplayBackend, {
      generate: (request: GenerateRequest, callOptions?: GenerateOptions) => {
        press();
        return backend.generate(request, callOptions);
      },
      ...(stream === undefined
        ? {}
        : {
            stream: (request: GenerateRequest, callOptions?: GenerateOptions) => {
              press();
              return stream.call(backend, request, callOptions);
            },
          }),
    });
  }
  input.end(stdin.map((line) => `${line}\n`).join(""));
  const code = await chatCommand(
    {
      model: "replay:scripted.jsonl",
      gpu: "off",
      state: stateDir,
      ...(options.mcp ? { mcp: options.mcp } : {}),
    },
    { input, output, interrupts, openBackend: async () => model },
  );
  return { code, output: text, stateDir, backend };
}

function sentMail(stateDir: string): { to: string; subject: string }[] {
  const world = openWorld(stateDir);
  try {
    return world.db
      .prepare("SELECT to_addresses AS \"to\", subject FROM emails WHERE folder = 'sent'")
      .all() as { to: string; subject: string }[];
  } finally {
    world.close();
  }
}

describe("edgecall chat", () => {
  it("streams replies, shows calls and results, asks for confirmation and keeps the conversation", async () => {
    const run = await chat(
      [
        `Let me look. ${jsonCall("files_read", { path: "notes/todo.md" })}`,
        "Your list starts with sending the Q3 plan draft to Marcus.",
        jsonCall("email_send", { to: ["jordan.lee@example.net"], subject: "Todo", body: "Q3 plan first." }),
        "Sent it to Jordan.",
        jsonCall("email_send", { to: ["sam.rivera@example.org"], subject: "Todo", body: "Q3 plan first." }),
        "Sam's copy was not sent.",
      ],
      ["What is on my todo list?", "Email it to Jordan", "y", "And to Sam", "n", "/exit", "never read"],
    );
    assert.equal(run.code, 0);
    const out = run.output;
    assert.match(out, /you> What is on my todo list\?\nLet me look\./);
    assert.match(out, / {2}→ files_read \{"path":"notes\/todo\.md"\}\n {2}← \{"path":"notes\/todo\.md".*\n/);
    assert.match(out, /Your list starts with sending the Q3 plan draft to Marcus\.\n/);
    assert.match(
      out,
      / {2}\? email_send .*jordan\.lee@example\.net.*\n.*needs confirmation.*\n(?: {4}.*\n)* {2}allow\? \[y\/N\] y\n {2}← \{"sent"/,
    );
    assert.match(out, /allow\? \[y\/N\] n\n {2}✗ not confirmed: the user declined\n {2}✗ denied: /);
    assert.match(out, /Sam's copy was not sent\.\nyou> \/exit\nbye\n$/);
    // Raw call markup is not shown as text.
    assert.doesNotMatch(out, /"arguments"/);
    // Each turn sees the whole conversation so far.
    const roles = run.backend.requests.map((request) =>
      request.messages.map((message) => message.role).join(","),
    );
    assert.equal(roles[2], "system,user,assistant,tool,assistant,user");
    assert.equal(run.backend.requests[4]?.messages.length, 10);
    assert.equal(run.backend.requests[0]?.tools?.length, createAssistantRegistry().list().length);
    const sent = sentMail(run.stateDir);
    assert.deepEqual(
      sent.filter((mail) => mail.subject === "Todo").map((mail) => mail.to),
      ['["jordan.lee@example.net"]'],
    );
  });

  it("quits at the end of input (Ctrl-D) and reports turns that stop early", async () => {
    const same = jsonCall("files_list", { path: "notes" });
    const run = await chat([same, same, same], ["List my notes again and again"]);
    assert.equal(run.code, 0);
    assert.match(
      run.output,
      /\[stopped: stuck — files_list called 3 times with the same arguments\]\nyou> \nbye\n$/,
    );
  });

  it("Ctrl-C stops the reply being generated and the chat goes on", async () => {
    const run = await chat(
      ["This reply is never shown.", "Still here."],
      ["Tell me a long story", "Are you there?"],
      {
        delayMs: 1_000,
        interruptAfterMs: 300,
      },
    );
    assert.equal(run.code, 0);
    assert.match(run.output, /you> Tell me a long story\n\[stopped: interrupted\]\nyou> Are you there\?\n/);
    assert.doesNotMatch(run.output, /never shown/);
  });

  it("offers the tools of an MCP server given with --mcp", async () => {
    const server = `"${process.execPath}" --import ${join(repoRoot, "node_modules/tsx/dist/esm/index.mjs")} ${join(
      repoRoot,
      "src/mcp/tiny-mcp-server.test-support.ts",
    )}`;
    const run = await chat([jsonCall("echo", { text: "ping" }), "The server said ping."], ["Echo ping"], {
      mcp: [server],
    });
    assert.match(run.output, /mcp: tiny-test-server: 4 tools \(echo, post_note, broken, stats\)/);
    assert.match(run.output, /\+ 4 from MCP/);
    assert.match(run.output, / {2}→ echo \{"text":"ping"\}\n {2}← \{"echoed":"ping"\}\n/);
  });
});
