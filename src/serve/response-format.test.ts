import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { runScriptWithDeadline } from "../json-schema/script-deadline.test-support.js";
import { ResponseFormatChecker, readResponseFormat } from "./response-format.js";

describe("ResponseFormatChecker", () => {
  it("checks a reply against zod 4's 2020-12 schema with $defs, tuples and nullables", () => {
    const point = z.object({ x: z.number(), y: z.number() });
    const schema = z.toJSONSchema(
      z.object({
        from: point,
        to: point,
        label: z.string().nullable(),
        pair: z.tuple([z.string(), z.number()]),
      }),
      { reused: "ref" },
    );
    assert.ok(JSON.stringify(schema).includes("#/$defs/"), "zod wrote a $ref into $defs");
    const format = readResponseFormat(
      { type: "json_schema", json_schema: { name: "segment", schema } },
      "response_format",
      true,
    );
    assert.ok(format !== undefined);
    const checker = new ResponseFormatChecker();
    const good = { from: { x: 0, y: 1 }, to: { x: 2, y: 3 }, label: null, pair: ["a", 1] };
    assert.deepEqual(checker.problems(format, JSON.stringify(good)), []);
    const [problem] = checker.problems(format, JSON.stringify({ ...good, to: { x: "2", y: 3 } }));
    assert.match(problem ?? "", /^the reply does not match the schema: reply\/to\/x must be number/);
  });

  it("checks a reply that is not an object against the schema itself", () => {
    const format = { type: "json_schema" as const, name: "n", schema: { type: "integer", maximum: 3 } };
    const checker = new ResponseFormatChecker();
    assert.deepEqual(checker.problems(format, "2"), []);
    assert.match(checker.problems(format, "7")[0] ?? "", /reply must be <= 3/);
  });

  it("checks ^(a+)+$ on a reply of 30k 'a' + 'b' correctly, on the linear engine (liveness, not speed)", async () => {
    const script = `
      import { ResponseFormatChecker, readResponseFormat } from "./src/serve/response-format.ts";
      import { compileJsonSchema } from "./src/json-schema/schema-compiler.ts";
      const schema = { type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" } } };
      const format = readResponseFormat({ type: "json_schema", json_schema: { name: "x", schema } }, "response_format", true);
      const problems = new ResponseFormatChecker().problems(format, JSON.stringify({ s: "a".repeat(30000) + "b" }));
      console.log(JSON.stringify({ problems, engine: compileJsonSchema(schema).compiled.patternEngine }));`;
    const outcome = await runScriptWithDeadline(script);
    assert.equal(outcome.timedOut, false, "the check must finish (a backtracking engine never does)");
    const answer = JSON.parse(outcome.stdout) as { problems: string[]; engine: string };
    assert.equal(answer.engine, "re2js");
    assert.deepEqual(answer.problems, [
      'the reply does not match the schema: reply/s must match pattern "^(a+)+$"',
    ]);
  });
});
