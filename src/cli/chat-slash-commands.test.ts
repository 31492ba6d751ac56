/**
 * The chat's own commands: `/help` and `/tools` list names padded to the longest beside their
 * descriptions (src/text/text-table.ts), a path-like line is a message, an unknown command says so.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chatHelp, readChatLine } from "./chat-slash-commands.js";

const context = (tools: { name: string; description?: string }[]) => ({ tools: () => tools });

describe("chat slash commands", () => {
  it("lists the commands with their names padded", () => {
    assert.equal(
      chatHelp(),
      [
        "commands:",
        "  /help         this list",
        "  /tools        the tools the model is offered",
        "  /exit, /quit  leave the chat (Ctrl-D too)",
        "anything else is a message to the model; Ctrl-C stops a reply",
      ].join("\n"),
    );
  });

  it("lists the tools: names padded, the first sentence of each description", () => {
    const line = readChatLine(
      "/tools",
      context([{ name: "read_file", description: "Reads a file. Then more." }, { name: "ls" }]),
    );
    assert.deepEqual(line, { kind: "command", output: "  read_file  Reads a file.\n  ls         " });
    assert.deepEqual(readChatLine("/TOOLS", context([])), { kind: "command", output: "" });
  });

  it("reads messages, exit and unknown commands", () => {
    assert.deepEqual(readChatLine("/etc/hosts please", context([])), { kind: "message" });
    assert.deepEqual(readChatLine("/quit", context([])), { kind: "exit" });
    assert.match(
      (readChatLine("/nope", context([])) as { output: string }).output,
      /^unknown command \/nope; \/help lists the commands$/,
    );
  });
});
