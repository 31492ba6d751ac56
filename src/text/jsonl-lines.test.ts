/**
 * The one JSON Lines reader: lines numbered from 1 with blank lines counted and skipped, CRLF
 * accepted, a malformed line named `file:line`, problems collected when asked, the caller's
 * parser and error, and the size bound (reading a file: jsonl-file.test.ts).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { EdgecallError, isEdgecallError } from "../errors.js";
import { parseJsonl, scanJsonl } from "./jsonl-lines.js";

describe("parseJsonl", () => {
  it("parses each non-blank line, numbered as in the file", () => {
    const lines = parseJsonl('{"a":1}\n\n  \r\n[2]\r\n"x"\n', "data.jsonl");
    assert.deepEqual(
      lines.map(({ line, where, text, value }) => ({ line, where, text, value })),
      [
        { line: 1, where: "data.jsonl:1", text: '{"a":1}', value: { a: 1 } },
        { line: 4, where: "data.jsonl:4", text: "[2]", value: [2] },
        { line: 5, where: "data.jsonl:5", text: '"x"', value: "x" },
      ],
    );
    assert.deepEqual(parseJsonl("", "empty.jsonl"), []);
  });

  it("names a malformed line by file:line (invalid-json)", () => {
    assert.throws(
      () => parseJsonl('{"a":1}\n\n{"a":\n', "data/cases.jsonl"),
      (error: unknown) =>
        isEdgecallError(error, "invalid-json") &&
        error.subject === "data/cases.jsonl:3" &&
        /^data\/cases\.jsonl:3: not valid JSON: /.test(error.message),
    );
  });

  it("takes the caller's parser and the caller's error", () => {
    const lines = parseJsonl("1\n2", "n.jsonl", { parse: (text) => Number(text) * 10 });
    assert.deepEqual(
      lines.map((line) => line.value),
      [10, 20],
    );
    assert.throws(
      () =>
        parseJsonl("ok\nbad", "w.jsonl", {
          parse: (text) => {
            if (text === "bad") throw new Error("no good");
            return text;
          },
          problemError: (problem) =>
            new EdgecallError("invalid-argument", `${problem.where}: ${problem.message}`),
        }),
      (error: unknown) =>
        isEdgecallError(error, "invalid-argument") && error.message === "w.jsonl:2: no good",
    );
  });

  it("refuses a text over the size bound, before parsing", () => {
    const text = `${JSON.stringify({ text: "é".repeat(40) })}\n`;
    assert.equal(parseJsonl(text, "big.jsonl", { maxBytes: 100 }).length, 1);
    assert.throws(
      () => parseJsonl(`${text}not json\n`, "big.jsonl", { maxBytes: 60 }),
      (error: unknown) =>
        isEdgecallError(error, "invalid-argument") &&
        error.subject === "big.jsonl" &&
        /^big\.jsonl: \d+ bytes, over the 60 bytes/.test(error.message),
    );
  });
});

describe("scanJsonl", () => {
  it("collects the lines that do not parse beside the ones that do", () => {
    const { lines, problems } = scanJsonl('{"a":1}\nnope\n{"b":2}\n{', "t.jsonl");
    assert.deepEqual(
      lines.map((line) => line.line),
      [1, 3],
    );
    assert.deepEqual(
      problems.map((problem) => [problem.where, problem.text]),
      [
        ["t.jsonl:2", "nope"],
        ["t.jsonl:4", "{"],
      ],
    );
    assert.ok(problems.every((problem) => problem.message.length > 0));
  });
});
