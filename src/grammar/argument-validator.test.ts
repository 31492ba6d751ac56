import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import type { ToolDefinition } from "../messages.js";
import { ArgumentValidator } from "./argument-validator.js";

const booking: ToolDefinition = {
  name: "book",
  parameters: {
    type: "object",
    properties: {
      code: { type: "string", pattern: "^[A-Z]{3}$" },
      date: { type: "string", format: "date" },
      seats: { type: "integer", minimum: 1, maximum: 9 },
    },
    required: ["code", "date"],
    additionalProperties: false,
  },
};

describe("ArgumentValidator", () => {
  it("accepts valid arguments and explains invalid ones, including what a grammar cannot enforce", () => {
    const validator = new ArgumentValidator();
    assert.equal(
      validator.check({ name: "book", arguments: { code: "CDG", date: "2024-02-29", seats: 2 } }, [booking]),
      undefined,
    );
    const problems = [
      validator.check({ name: "book", arguments: { code: "cdg", date: "2024-02-29" } }, [booking]),
      validator.check({ name: "book", arguments: { code: "CDG", date: "2023-02-29" } }, [booking]),
      validator.check({ name: "book", arguments: { code: "CDG", date: "2024-01-01", seats: 10 } }, [booking]),
      validator.check({ name: "book", arguments: { code: "CDG" } }, [booking]),
    ];
    assert.match(problems[0] ?? "", /arguments\/code must match pattern/);
    assert.match(problems[1] ?? "", /arguments\/date must match format "date"/);
    assert.match(problems[2] ?? "", /arguments\/seats must be <= 9/);
    assert.match(problems[3] ?? "", /must have required property 'date'/);
  });

  it("reports unknown tools and schemas that do not compile", () => {
    const validator = new ArgumentValidator();
    assert.match(validator.check({ name: "fly", arguments: {} }, [booking]) ?? "", /no tool named "fly"/);
    const broken: ToolDefinition = {
      name: "broken",
      parameters: { type: "object", properties: { a: { $ref: "#/nowhere" } } },
    };
    assert.match(
      validator.check({ name: "broken", arguments: {} }, [broken]) ?? "",
      /schema of broken does not compile/,
    );
  });

  it("checks arguments against zod 4's 2020-12 output and a 2019-09 schema", () => {
    const validator = new ArgumentValidator();
    const zod: ToolDefinition = {
      name: "plan",
      parameters: z.toJSONSchema(
        z.object({ stops: z.array(z.string()).min(1), pair: z.tuple([z.string(), z.number()]) }),
      ) as Record<string, unknown>,
    };
    assert.equal(
      validator.check({ name: "plan", arguments: { stops: ["a"], pair: ["x", 1] } }, [zod]),
      undefined,
    );
    assert.match(
      validator.check({ name: "plan", arguments: { stops: ["a"], pair: ["x", 1, 2] } }, [zod]) ?? "",
      /arguments\/pair must NOT have more than 2 items/,
    );
    const later: ToolDefinition = {
      name: "later",
      parameters: {
        $schema: "https://json-schema.org/draft/2019-09/schema",
        type: "object",
        properties: { a: { type: "string" } },
        unevaluatedProperties: false,
      },
    };
    assert.equal(validator.check({ name: "later", arguments: { a: "x" } }, [later]), undefined);
    assert.match(
      validator.check({ name: "later", arguments: { a: "x", b: 1 } }, [later]) ?? "",
      /unevaluated properties/,
    );
  });
});
