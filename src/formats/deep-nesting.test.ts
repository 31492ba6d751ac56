import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { canonicalJson } from "../canonical-json.js";
import { summariseParts } from "../messages.js";
import { deepNesting, deepOutputs } from "./deep-nesting.test-support.js";
import { exceedsNestingDepth, maxNestingDepth } from "./nesting-depth.js";
import { formatNames, getFormat } from "./registry.js";

const { deepArray, deepObject, deepDict, tools } = deepNesting;

describe("model output nested 20,000 levels deep", () => {
  for (const format of formatNames) {
    it(`${format}: parse gives a typed tool-call error, never a throw or a deep call`, () => {
      const outputs = [
        ...deepOutputs(format, deepArray, deepArray),
        ...deepOutputs(format, deepObject, deepDict),
      ];
      for (const output of outputs) {
        for (const offered of [tools, undefined]) {
          const parts = getFormat(format).parse(output, offered);
          const reply = summariseParts(parts);
          assert.equal(reply.toolCalls.length, 0, `${format}: ${output.slice(0, 60)}`);
          assert.equal(reply.errors.length, 1, `${format}: ${output.slice(0, 60)}`);
          assert.match(reply.errors[0]?.type ?? "", /^(invalid-json|invalid-arguments|invalid-syntax)$/);
          assert.match(reply.errors[0]?.message ?? "", /nested (deeper|too deeply)/);
          // The parts themselves are safe to store and compare.
          assert.doesNotThrow(() => JSON.stringify(parts));
        }
      }
    });
  }

  it(`allows arguments ${maxNestingDepth} levels deep and refuses ${maxNestingDepth + 1}`, () => {
    // The arguments object is level 1, so x holds maxNestingDepth - 1 levels of arrays.
    const nested = (levels: number) => `${"[".repeat(levels)}1${"]".repeat(levels)}`;
    for (const format of formatNames) {
      const [fits] = deepOutputs(format, nested(maxNestingDepth - 1), nested(maxNestingDepth - 1));
      const [over] = deepOutputs(format, nested(maxNestingDepth), nested(maxNestingDepth));
      const ok = summariseParts(getFormat(format).parse(fits ?? "", tools));
      assert.equal(ok.toolCalls.length, 1, `${format} at the limit: ${JSON.stringify(ok.errors)}`);
      assert.equal(exceedsNestingDepth(ok.toolCalls[0]?.arguments), false);
      assert.doesNotThrow(() => canonicalJson(ok.toolCalls[0]?.arguments));
      const refused = summariseParts(getFormat(format).parse(over ?? "", tools));
      assert.equal(refused.toolCalls.length, 0, `${format} past the limit`);
      assert.equal(refused.errors.length, 1, `${format} past the limit`);
    }
  });

  it("measures depth without recursing, for values shared or cyclic", () => {
    let value: unknown = 1;
    for (let level = 0; level < 200_000; level += 1) value = [value];
    assert.equal(exceedsNestingDepth(value), true);
    assert.equal(exceedsNestingDepth({ a: [[1]] }, 3), false);
    assert.equal(exceedsNestingDepth({ a: [[1]] }, 2), true);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    assert.equal(exceedsNestingDepth(cycle), true);
  });
});
