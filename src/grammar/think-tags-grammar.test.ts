/**
 * The call grammar and the parser agree on reasoning tags inside arguments (issue 33, item 5):
 * every call the constrained grammar lets a model write with `<think>` or `</think>` in a string
 * value parses back as exactly that call, whether the grammar ran from the first token (tool choice
 * `required`: the output is the call prefix and the call) or took over after a reasoning block.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { formatNames, getFormat } from "../formats/registry.js";
import { defaultThinkTags } from "../formats/think-blocks.js";
import { summariseParts, type ToolCall, type ToolDefinition } from "../messages.js";
import { buildCallGrammar } from "./call-grammar.js";
import { compileGbnf, testLlama } from "./gbnf-checker.test-support.js";

const note: ToolDefinition = {
  name: "note",
  parameters: {
    type: "object",
    properties: { content: { type: "string" }, tags: { type: "array", items: { type: "string" } } },
    required: ["content", "tags"],
  },
};

after(async () => {
  await (await testLlama()).dispose();
});

describe("call grammar and parser agree on reasoning tags in arguments", () => {
  for (const name of formatNames) {
    const format = getFormat(name);
    it(`${name}: every accepted call holding a tag parses back as that call`, async () => {
      const grammar = await compileGbnf(buildCallGrammar(format, [note], { parallel: true }));
      let accepted = 0;
      for (const { open, close } of format.thinkTags ?? defaultThinkTags) {
        for (const value of [`a ${close} b`, `${open} a`, `x ${open}y${close} z`]) {
          for (const args of [
            { content: value, tags: [value] },
            { content: "plain", tags: [value, "b"] },
          ]) {
            const calls: ToolCall[] = [{ name: "note", arguments: args }];
            const written = format.renderCalls?.(calls) ?? "";
            assert.ok(written.startsWith(format.callPrefix));
            const afterPrefix = written.slice(format.callPrefix.length);
            // XML formats write strings as raw text, where the grammar allows no `<` at all.
            if (!grammar.accepts(afterPrefix)) continue;
            accepted += 1;
            const outputs = [written];
            // With a call prefix the grammar is lazy under tool choice auto: free text (a
            // reasoning block, or the end of one the prompt opened) comes first.
            if (format.callPrefix !== "")
              outputs.push(
                `${open}\nplan\n${close}\n\n${written}`,
                `plan\n${close}\n\n${written}`,
                `${open}\nplan\n${written}`,
              );
            for (const output of outputs) {
              const parsed = summariseParts(format.parse(output, [note]));
              assert.deepEqual(parsed.errors, [], JSON.stringify(output));
              assert.deepEqual(parsed.toolCalls, calls, JSON.stringify(output));
              assert.equal(parsed.content, "");
              assert.equal(parsed.reasoning, output === written ? "" : "plan");
            }
          }
        }
      }
      assert.ok(accepted > 0, `${name}: the grammar accepts some call holding a tag`);
    });
  }
});
