/**
 * Instruction following and reasoning loops as the SuiteFigures of `loops:instructions` (summary
 * key `instructionFollowing`, computed in src/suites/loops/instruction-following.ts): two terminal
 * lines (constraint accuracy; loops and the token limit, with the budgets and sampling) and the
 * report's "Instructions and reasoning loops" section.
 */
import type { SuiteFigures } from "../../eval/suite-figures.js";
import { randomWeightsNotAScore } from "../../text/not-a-score.js";
import { percent } from "../../text/percent.js";
import { type InstructionFollowingSummary, instructionFollowingSummary } from "./instruction-following.js";
import { instructionsSection } from "./instructions-section.js";

/** Instruction following and reasoning loops as a figure of `loops:instructions` (summary key `instructionFollowing`). */
export const instructionFigures: SuiteFigures<InstructionFollowingSummary> = {
  key: "instructionFollowing",
  summarise: ({ results }) => instructionFollowingSummary(results),
  terminalLines: (following, view) => {
    const share = (figure: { rate: number; n: number }) => (figure.n === 0 ? "n/a" : percent(figure.rate));
    return [
      view.randomWeights
        ? `instructions: — (${randomWeightsNotAScore})`
        : `instructions: prompt-level ${share(following.promptStrict)} strict, ${share(following.promptLoose)} loose · instruction-level ${share(following.instructionStrict)} strict, ${share(following.instructionLoose)} loose`,
      `loops: answer stuck repeating ${share(following.stuckAnswer)} · thinking stuck ${share(following.stuckThinking)} (${following.stuckThinking.n} with thinking) · hit the token limit ${share(following.hitLimit)} · max tokens ${following.maxTokens.join("/")} · sampling ${following.sampling.map((value) => JSON.stringify(value)).join(" ")}`,
    ];
  },
  htmlSection: ([run]) => (run?.block === undefined ? "" : instructionsSection(run.block, run.randomWeights)),
};
