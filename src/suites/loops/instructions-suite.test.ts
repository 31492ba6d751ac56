import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { GenerateResult } from "../../backend/model-backend.js";
import type { SampleResult } from "../../eval/sample-result.js";
import type { Sample, Transcript } from "../../eval/suite.js";
import { checkSuites } from "../../eval/suite-check.js";
import { checkInstructions, followsInstruction } from "./instruction-checks.js";
import { instructionFollowingSummary } from "./instruction-following.js";
import { createInstructionsSuite, type InstructionsTarget } from "./instructions-suite.js";

function transcript(
  text: string,
  reasoning = "",
  finishReason: GenerateResult["finishReason"] = "stop",
): Transcript {
  const parts: GenerateResult["parts"] = [
    ...(reasoning === "" ? [] : [{ type: "reasoning" as const, text: reasoning }]),
    { type: "text", text },
  ];
  return {
    request: { messages: [], maxTokens: 8192, sampling: { temperature: 0 } },
    turns: [
      {
        rawText: text,
        parts,
        finishReason,
        usage: { inputTokens: 10, outputTokens: 100 },
        timing: { firstTokenMs: 1, totalMs: 2 },
        cached: false,
      },
    ],
  };
}

describe("verifiable instructions", () => {
  it("each verifier accepts what follows it and rejects what does not", () => {
    const cases: Array<[Parameters<typeof followsInstruction>[1], string, string]> = [
      [{ type: "words_at_least", n: 5 }, "one two three four five", "one two three"],
      [{ type: "words_at_most", n: 3 }, "one two", "one two three four"],
      [{ type: "paragraphs", n: 2 }, "first\n\nsecond", "only one"],
      [{ type: "include_keywords", keywords: ["Budget"] }, "a budget plan", "a budgetary plan"],
      [{ type: "exclude_keywords", keywords: ["very"] }, "everything fine", "very fine"],
      [{ type: "keyword_frequency", keyword: "simple", atLeast: 2 }, "simple and Simple", "simple once"],
      [{ type: "bullets", n: 2 }, "* a\n* b", "* a\n* b\n* c"],
      [{ type: "title" }, "<<A title>>\ntext", "A title\ntext"],
      [{ type: "json" }, '```json\n{"a": 1}\n```', "{a: 1}"],
      [{ type: "lowercase" }, "all small", "Not small"],
      [{ type: "uppercase" }, "ALL BIG", "Not big"],
      [{ type: "end_phrase", phrase: "That is all." }, "Notes. That is all.", "That is all. Notes."],
      [{ type: "no_commas" }, "no commas here", "a, b"],
      [{ type: "postscript", marker: "P.S." }, "text\nP.S. bye", "text bye"],
      [{ type: "quoted" }, '"quoted"', "not quoted"],
      [{ type: "sections", n: 2, marker: "SECTION" }, "SECTION 1\na\n\nSECTION 2\nb", "SECTION 1\na"],
      [{ type: "placeholders", n: 2 }, "[name] at [place]", "[name] only"],
    ];
    for (const [instruction, good, bad] of cases) {
      assert.equal(followsInstruction(good, instruction), true, `${instruction.type} accepts ${good}`);
      assert.equal(followsInstruction(bad, instruction), false, `${instruction.type} rejects ${bad}`);
    }
  });

  it("rejects near misses: a P.S. on top, an empty title or placeholder, sections numbered twice, look-alike commas", () => {
    const cases: Array<[Parameters<typeof followsInstruction>[1], string]> = [
      [{ type: "postscript", marker: "P.S." }, "P.S. bye\n\nThe note itself."],
      [{ type: "postscript", marker: "P.S." }, "Text.\nP.S. bye\n\nMore text after it."],
      [{ type: "title" }, "<< >>\ntext"],
      [{ type: "placeholders", n: 2 }, "[name] at [ ]"],
      [{ type: "sections", n: 2, marker: "SECTION" }, "SECTION 1\na\n\nSECTION 1\nb"],
      [{ type: "sections", n: 2, marker: "SECTION" }, "SECTION 2\na\n\nSECTION 1\nb"],
      [{ type: "no_commas" }, "a، b"],
    ];
    for (const [instruction, bad] of cases)
      assert.equal(
        followsInstruction(bad, instruction),
        false,
        `${instruction.type} rejects ${JSON.stringify(bad)}`,
      );
  });

  it("loose forgives a preamble line and markdown asterisks, strict does not", () => {
    const [verdict] = checkInstructions('Sure! Here it is:\n"**the answer**"', [{ type: "quoted" }]);
    assert.deepEqual(verdict, { type: "quoted", strict: false, loose: true });
  });
});

describe("loops:instructions", () => {
  const suite = createInstructionsSuite();
  const samples = suite.samples() as Sample<InstructionsTarget>[];

  it("has at least 60 prompts, each with a reference that follows every instruction and a budget of 8,192 tokens", async () => {
    assert.ok(samples.length >= 60);
    for (const sample of samples) {
      assert.equal(sample.maxTokens, 8192);
      const reference = sample.reference?.[0];
      assert.ok(reference && "text" in reference);
      const score = await suite.scorer.score(sample, transcript(reference.text));
      assert.equal(score.passed, true, `${sample.id}: ${score.explanation}`);
    }
  });

  it("fails an answer that meets its instructions by looping or padding", async () => {
    const sample = samples.find(
      (candidate) =>
        candidate.target.instructions.length === 1 &&
        candidate.target.instructions[0]?.type === "words_at_least",
    );
    assert.ok(sample);
    const reference = (sample.reference?.[0] as { text: string } | undefined)?.text ?? "";
    const line = "Small habits add up over a few weeks.";
    const stuck = await suite.scorer.score(sample, transcript(`${reference} ${`${line} `.repeat(8)}`));
    assert.equal(stuck.passed, false);
    assert.equal(stuck.errorType, "stuck-answer");
    assert.match(stuck.explanation, /stuck repeating/);
    const padded = await suite.scorer.score(
      sample,
      transcript(`${`${line} `.repeat(4)}\n${reference}\nThat is my note.`),
    );
    assert.equal(padded.passed, false);
    assert.match(padded.explanation, /padding: "small habits add up over a few weeks\." is written 5 times/);
  });

  it("every counterfeit fails: each breaks one instruction and keeps the rest, or loops", async () => {
    const [check] = await checkSuites([suite], { limit: 24, counterfeits: 2 });
    assert.ok(check?.counterfeits !== undefined);
    assert.equal(check.gold.passed, 24);
    assert.ok(check.counterfeits.tried > 0);
    assert.equal(check.counterfeits.passed, 0, JSON.stringify(check.counterfeits.examples));
    assert.ok(
      Object.keys(check.counterfeits.byKind).length >= 17,
      Object.keys(check.counterfeits.byKind).join(),
    );
  });

  it("scores a looping answer: not followed, stuck, hit the limit; the summary reports the rates", async () => {
    const sample = samples.find((candidate) =>
      candidate.target.instructions.some((i) => i.type === "words_at_most"),
    );
    assert.ok(sample);
    const loop = "I need to check the word count again. ".repeat(40);
    const score = await suite.scorer.score(sample, transcript(loop, "Let me think. ".repeat(30), "length"));
    assert.equal(score.passed, false);
    assert.equal(score.errorType, "hit-token-limit");
    const details = score.details as { stuckAnswer: boolean; stuckThinking: boolean; hitLimit: boolean };
    assert.deepEqual([details.stuckAnswer, details.stuckThinking, details.hitLimit], [true, true, true]);
    const good = await suite.scorer.score(
      sample,
      transcript((sample.reference?.[0] as { text: string } | undefined)?.text ?? ""),
    );
    const result = (passed: boolean, scoreDetails: unknown) =>
      ({ passed, scoreDetails, rawText: "", content: "" }) as unknown as SampleResult;
    const summary = instructionFollowingSummary([result(false, score.details), result(true, good.details)]);
    assert.ok(summary);
    assert.equal(summary.promptStrict.rate, 0.5);
    assert.equal(summary.stuckAnswer.rate, 0.5);
    assert.equal(summary.stuckThinking.n, 1);
    assert.equal(summary.hitLimit.count, 1);
    assert.deepEqual(summary.maxTokens, [8192]);
  });
});
