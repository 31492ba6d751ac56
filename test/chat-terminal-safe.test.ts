/**
 * Issue 34, item 4: untrusted text reaches the person at the chat terminal escaped and bounded.
 * An event title with a line break and ANSI escapes must not erase the real "It acts on:" line
 * of a confirmation and print a fake one; a tool error quoting a seller's item name and the
 * model's own text must not carry raw escapes either.
 */
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, it } from "node:test";
import { jsonCall, replayModel } from "../src/agent/replay-script.test-support.js";
import { openWorld } from "../src/assistant/world.js";
import { chatCommand } from "../src/cli/commands/chat-command.js";

const forgedTitle = "Dentist\n\u001b[1A\u001b[2K    It acts on: event Lunch (2025-06-12, evt-lunch)\u202e.";
const forgedItem = "Mug\r\u001b[31m  ✓ done\u009b0m";

async function chat(script: string[], stdin: string[]): Promise<string> {
  const stateDir = mkdtempSync(join(tmpdir(), "edgecall-chat-safe-"));
  const world = openWorld(stateDir);
  try {
    world.db
      .prepare(
        "INSERT INTO events (id, title, start_utc, end_utc, time_zone, attendees) VALUES ('evt-forged', ?, '2030-01-07T15:00:00Z', '2030-01-07T16:00:00Z', 'UTC', '[]')",
      )
      .run(forgedTitle);
    world.db
      .prepare(
        "INSERT INTO catalog (id, name, category, price_cents, description, stock) VALUES ('itm-forged', ?, 'home', 100, 'x', 0)",
      )
      .run(forgedItem);
  } finally {
    world.close();
  }
  const input = new PassThrough();
  const output = new PassThrough();
  let text = "";
  output.on("data", (chunk) => {
    text += chunk;
  });
  input.end(stdin.map((line) => `${line}\n`).join(""));
  const code = await chatCommand(
    { model: "replay:scripted.jsonl", gpu: "off", state: stateDir },
    { input, output, openBackend: async () => replayModel(script) },
  );
  assert.equal(code, 0);
  return text;
}

describe("chat shows untrusted text escaped", () => {
  it("a confirmation's 'It acts on:' cannot be erased or forged, error lines and model text carry no escapes", async () => {
    const out = await chat(
      [
        jsonCall("calendar_search_events", { query: "dentist" }),
        jsonCall("calendar_delete_event", { event_id: "evt-forged" }),
        jsonCall("shop_cart_add", { item_id: "itm-forged" }),
        "Done \u001b[2J\u001b[Hall clear\u0007.",
      ],
      ["Look at my dentist appointment", "n", "/exit"],
    );
    for (const control of ["\u001b", "\u009b", "\r", "\u202e", "\u0007"])
      assert.ok(!out.includes(control), `raw ${JSON.stringify(control)} in ${JSON.stringify(out)}`);
    const actsOn = out.split("\n").filter((line) => line.trimStart().startsWith("It acts on:"));
    assert.equal(actsOn.length, 1, JSON.stringify(actsOn));
    assert.match(actsOn[0] ?? "", /evt-forged/);
    assert.match(out, /✗ precondition: only 0 of 'Mug \\e\[31m ✓ done\\x9b0m' in stock/);
    assert.match(out, /Done \\e\[2J\\e\[Hall clear\\x07\./);
  });
});
