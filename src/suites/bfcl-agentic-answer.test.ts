/**
 * The answer discipline of the BFCL agentic suites: among replies BFCL's checker accepts, a denial,
 * a hedge or a second answer fails; one committed answer (with or without BFCL's answer format,
 * with any context) passes.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { answerField, answerProblem } from "./bfcl-agentic-answer.js";

describe("BFCL agentic answer discipline", () => {
  it("fails a denial, a hedge and two answers, naming which", () => {
    const kind = (reply: string, answers = ["Michael"]) => answerProblem(reply, answers)?.errorType;
    assert.equal(kind("{'answer': 'It is not Michael', 'context': 'memory'}"), "edgecall:denied-answer");
    assert.equal(
      kind("{'answer': \"Michael isn't it\", 'context': 'memory'}"),
      undefined,
      "no negation before it",
    );
    assert.equal(kind("{'answer': \"It isn't Michael\", 'context': 'memory'}"), "edgecall:denied-answer");
    assert.equal(kind("{'answer': 'Probably Michael', 'context': 'memory'}"), "edgecall:hedged-answer");
    assert.equal(kind("{'answer': 'Michael, I think', 'context': 'memory'}"), "edgecall:hedged-answer");
    assert.equal(kind("{'answer': 'Either Michael or John', 'context': 'memory'}"), "edgecall:two-answers");
    assert.equal(kind("{'answer': '1998 or 1999', 'context': 'search'}", ["1998"]), "edgecall:two-answers");
  });

  it("passes one committed answer, whatever the context says", () => {
    const ok = (reply: string, answers = ["Michael"]) =>
      assert.equal(answerProblem(reply, answers), undefined, reply);
    ok("{'answer': 'Michael', 'context': 'I could not find anything else, maybe ask again'}");
    ok("{'answer': 'His name is Michael.', 'context': 'core memory'}");
    ok("{'answer': 'Mike or Michael', 'context': 'both names are his'}", ["Michael", "Mike"]);
    ok("{'answer': 'No', 'context': 'he did not'}", ["No"]);
    ok("The user's name is Michael.");
    ok('{"answer": "Seattle, Washington", "context": "he lives there"}', ["Seattle"]);
  });

  it("reads the answer field of BFCL's format, else the whole reply", () => {
    assert.equal(answerField("{'answer': 'Lisbon', 'context': 'x'}"), "Lisbon");
    assert.equal(answerField('{"answer": "Lisbon", "context": "x"}'), "Lisbon");
    assert.equal(answerField("Lisbon, I believe"), "Lisbon, I believe");
  });
});
