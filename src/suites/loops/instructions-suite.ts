/**
 * `loops:instructions`: instruction-following prompts with verifiable instructions (IFEval and
 * IFBench are the anchors; prompts, instructions and verifiers are edgecall's own), run with a
 * large token budget so that reasoning loops can show: each call gets at least 8,192 tokens
 * (`--max-tokens` raises it, to the 32,768 of the seed's reports for instance). A sample passes
 * when its answer follows every instruction (strict, prompt level); the details give each
 * instruction's strict and loose verdict, whether the thinking and the answer are stuck repeating
 * (the loop detector's periodic-tail test, docs/agent-loop.md, on each separately), whether the
 * call hit the token limit, and the token budget and sampling it ran with: those are part of the
 * figure. An answer stuck repeating (a periodic tail) or padded with one sentence written three
 * times or more (repeated-sentence.ts) fails even when it meets every instruction: a loop that
 * reaches a word count has not followed the prompt. Data: data/suites/loops/instructions.jsonl (scripts/generate-loop-instructions.ts).
 */
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { detectRepetition } from "../../agent/loop-detector.js";
import { EdgecallError } from "../../errors.js";
import type { Sample, Score, Scorer, Suite } from "../../eval/suite.js";
import { summariseParts } from "../../messages.js";
import { sha256Hex } from "../../sha256.js";
import { readBoundedText } from "../../text/jsonl-file.js";
import { parseJsonl } from "../../text/jsonl-lines.js";
import { checkInstructions, type Instruction, instructionTypes } from "./instruction-checks.js";
import { instructionCounterfeits } from "./instruction-counterfeits.js";
import { instructionFigures } from "./instruction-figures.js";
import { repeatedSentence } from "./repeated-sentence.js";

/** The suite's name. */
export const loopsInstructionsSuiteName = "loops:instructions";
/** The least token budget of each call. */
export const loopsMaxTokens = 8192;

/** What a sample is scored against. */
export interface InstructionsTarget {
  instructions: Instruction[];
}

const lineSchema = z.object({
  id: z.string().min(1),
  category: z.enum(["one", "two", "three"]),
  prompt: z.string().min(1),
  instructions: z.array(z.object({ type: z.enum(instructionTypes) }).passthrough()).min(1),
  reference: z.string(),
});

function dataPath(): string {
  return fileURLToPath(new URL("../../../data/suites/loops/instructions.jsonl", import.meta.url));
}

/** The instruction-following scorer. */
export const instructionsScorer: Scorer<InstructionsTarget> = {
  score(sample, transcript): Score {
    const turn = transcript.turns.at(-1);
    const budget = transcript.request.maxTokens;
    const sampling = transcript.request.sampling ?? {};
    if (transcript.error !== undefined || turn === undefined)
      return {
        passed: false,
        score: 0,
        explanation: transcript.error?.message ?? "no model call",
        errorType: "harness",
        details: { maxTokens: budget, sampling },
      };
    const reply = summariseParts(turn.parts);
    const verdicts = checkInstructions(reply.content, sample.target.instructions);
    const strict = verdicts.filter((verdict) => verdict.strict).length;
    const loose = verdicts.filter((verdict) => verdict.loose).length;
    const hitLimit = turn.finishReason === "length";
    const stuck = detectRepetition(reply.content);
    const padding = repeatedSentence(reply.content);
    const details = {
      instructionChecks: verdicts,
      promptStrict: strict === verdicts.length,
      promptLoose: loose === verdicts.length,
      hasThinking: reply.reasoning !== "",
      stuckThinking: reply.reasoning !== "" && detectRepetition(reply.reasoning) !== null,
      stuckAnswer: stuck !== null,
      repeatedSentence: padding?.copies ?? 0,
      hitLimit,
      outputTokens: turn.usage.outputTokens,
      maxTokens: budget,
      sampling,
    };
    const failed = verdicts.filter((verdict) => !verdict.strict).map((verdict) => verdict.type);
    if (failed.length === 0 && stuck === null && padding === null)
      return { passed: true, score: 1, explanation: `follows all ${verdicts.length} instructions`, details };
    if (failed.length === 0)
      return {
        passed: false,
        score: 0,
        explanation:
          stuck !== null
            ? `follows the instructions but the answer is stuck repeating "${stuck.unit.trim()}" (${stuck.repeats} times)`
            : `follows the instructions by padding: "${padding?.sentence}" is written ${padding?.copies} times`,
        errorType: hitLimit ? "hit-token-limit" : "stuck-answer",
        details,
      };
    return {
      passed: false,
      score: strict / verdicts.length,
      explanation: `does not follow ${failed.join(", ")}${hitLimit ? " (the answer hit the token limit)" : ""}`,
      errorType: hitLimit ? "hit-token-limit" : "instruction-not-followed",
      details,
    };
  },
};

/** The `loops:instructions` suite. */
export function createInstructionsSuite(path = dataPath()): Suite<InstructionsTarget> {
  const text = readBoundedText(path);
  const samples: Sample<InstructionsTarget>[] = parseJsonl(text, path).map(({ where, value }) => {
    let parsed: z.infer<typeof lineSchema>;
    try {
      parsed = lineSchema.parse(value);
    } catch (error) {
      throw new EdgecallError("invalid-json", `${where}: ${(error as Error).message}`, {
        subject: path,
        cause: error,
      });
    }
    const instructions = parsed.instructions as Instruction[];
    return {
      id: `loops:${parsed.id}`,
      suite: loopsInstructionsSuiteName,
      category: parsed.category,
      messages: [{ role: "user", content: parsed.prompt }],
      tools: [],
      target: { instructions },
      metadata: { instructions: instructions.map((instruction) => instruction.type) },
      expected: instructions,
      reference: [{ text: parsed.reference }],
      maxTokens: loopsMaxTokens,
    };
  });
  return {
    name: loopsInstructionsSuiteName,
    version: `loops-instructions+sha256:${sha256Hex(text).slice(0, 16)}`,
    categories: ["one", "two", "three"],
    scorer: instructionsScorer,
    figures: [instructionFigures],
    samples: () => samples,
    counterfeitsOf: (sample) => instructionCounterfeits(sample),
  };
}
