import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { getFormat } from "../../formats/registry.js";
import type { ToolDefinition } from "../../messages.js";
import { callHeads, forcedContinuation } from "./call-skeleton-predictor.js";

const tool = (name: string): ToolDefinition => ({
  name,
  description: name,
  parameters: { type: "object", properties: { zone: { type: "string" } } },
});
const tools = [tool("get_time"), tool("get_weather"), tool("send_email")];

describe("call skeleton drafts", () => {
  it("finds each tool's call head in the format's own call syntax", () => {
    const heads = callHeads(getFormat("qwen3"), tools);
    assert.equal(heads.length, 3);
    for (const [index, head] of heads.entries()) {
      assert.ok(head.includes(`"name": "${tools[index]!.name}"`), head);
      assert.ok(head.endsWith("{"), head);
    }
  });

  it("drafts only what every head still open agrees on", () => {
    const heads = callHeads(getFormat("qwen3"), tools);
    const prefix = "<tool_call>";
    const opening = forcedContinuation(`Sure.${prefix}`, prefix, heads);
    assert.ok(opening.includes('"name": "'), `the shared opening: ${JSON.stringify(opening)}`);
    const afterName = forcedContinuation(
      `${prefix}${heads[0]!.slice(0, heads[0]!.indexOf("get_") + 4)}`,
      prefix,
      heads,
    );
    assert.equal(afterName, "", "get_time and get_weather still both open");
    const decided = forcedContinuation(
      `${prefix}${heads[0]!.slice(0, heads[0]!.indexOf("get_t") + 5)}`,
      prefix,
      heads,
    );
    assert.ok(decided.startsWith("ime"), decided);
    assert.ok(decided.endsWith("{"));
    assert.equal(forcedContinuation("no call yet", prefix, heads), "");
    assert.equal(
      forcedContinuation(`${prefix}${heads[0]!}"zone"`, prefix, heads),
      "",
      "inside the arguments",
    );
  });

  it("drafts nothing for a format that cannot render calls or for no tools", () => {
    assert.deepEqual(callHeads(getFormat("qwen3"), []), []);
    assert.equal(forcedContinuation("<tool_call>", "<tool_call>", []), "");
  });
});
