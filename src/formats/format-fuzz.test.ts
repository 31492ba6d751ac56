/**
 * No-throw fuzz: every format's parser must return well-formed parts, never throw, for every
 * prefix of valid outputs, random cuts and splices of them, and random text full of markers.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ContentPart, ToolCall, ToolDefinition } from "../messages.js";
import { SeededRandom } from "../stats/seeded-random.js";
import { formatNames, getFormat } from "./registry.js";

const tools: ToolDefinition[] = [
  {
    name: "f",
    parameters: {
      type: "object",
      properties: { a: { type: "integer" }, s: { type: "string" }, o: { type: "object" } },
    },
  },
];
const calls: ToolCall[] = [
  { name: "f", arguments: { a: -12, s: "x <y> & 'z'\n\"q\"", o: { k: [1.5, null, true] } } },
  { name: "g", arguments: {} },
];
const errorTypes = new Set([
  "invalid-json",
  "invalid-syntax",
  "truncated",
  "missing-close-tag",
  "missing-name",
  "invalid-arguments",
]);
const alphabet = [
  "<tool_call>",
  "</tool_call>",
  "<function=",
  "</function>",
  "<parameter=",
  "</parameter>",
  '<function name="',
  '<param name="',
  "</param>",
  "<![CDATA[",
  "]]>",
  "<|tool_call_start|>",
  "<|tool_call_end|>",
  "<|python_tag|>",
  "[TOOL_CALLS]",
  "[ARGS]",
  "[CALL_ID]",
  "<think>",
  "</think>",
  "[THINK]",
  "```",
  "{",
  "}",
  "[",
  "]",
  "(",
  ")",
  '"',
  "'",
  "\\",
  ":",
  ",",
  "=",
  ";",
  '"name"',
  '"arguments"',
  "f",
  "x",
  "1",
  "-",
  ".",
  "e",
  "True",
  "None",
  " ",
  "\n",
  "é",
  "\u0000",
  "\ud800",
  "😀",
];

/** A deterministic generator in [0, 1) (src/stats/seeded-random.ts) so failures reproduce. */
function random(seed: number): () => number {
  const seeded = new SeededRandom(seed);
  return () => seeded.next();
}

function assertWellFormed(parts: ContentPart[], input: string): void {
  assert.ok(Array.isArray(parts), JSON.stringify(input));
  for (const part of parts) {
    if (part.type === "text" || part.type === "reasoning") assert.equal(typeof part.text, "string");
    else if (part.type === "tool-call") {
      assert.equal(typeof part.toolCall.name, "string");
      assert.ok(
        typeof part.toolCall.arguments === "object" &&
          part.toolCall.arguments !== null &&
          !Array.isArray(part.toolCall.arguments),
      );
    } else {
      assert.ok(errorTypes.has(part.error.type), part.error.type);
      assert.doesNotMatch(
        part.error.message,
        /^could not parse the output/,
        `the safety net caught a throw: ${JSON.stringify(input)}`,
      );
      assert.ok(part.error.message.length > 0 && typeof part.error.raw === "string");
    }
  }
}

describe("parsers never throw", () => {
  for (const name of formatNames) {
    const format = getFormat(name);
    const valid = `<think>\nplan\n</think>\nText first.\n${format.renderCalls?.(calls) ?? ""}\nText after.`;

    it(`${name}: every prefix of a valid output`, () => {
      for (let end = 0; end <= valid.length; end += 1) {
        const input = valid.slice(0, end);
        assertWellFormed(format.parse(input, tools), input);
      }
    });

    it(`${name}: random cuts, splices and random marker soup`, () => {
      const next = random(name.length * 7919 + 17);
      const pick = (length: number) => Math.floor(next() * length);
      for (let round = 0; round < 600; round += 1) {
        const start = pick(valid.length);
        const end = start + pick(valid.length - start + 1);
        const spliced = valid.slice(0, start) + valid.slice(end);
        const soup = Array.from({ length: 1 + pick(40) }, () => alphabet[pick(alphabet.length)]).join("");
        const bytes = String.fromCharCode(...Array.from({ length: pick(64) }, () => pick(0x3000)));
        for (const input of [valid.slice(start, end), spliced, soup, soup + valid.slice(start), bytes]) {
          assertWellFormed(format.parse(input, tools), input);
          assertWellFormed(format.parse(input), input);
        }
      }
    });
  }
});
