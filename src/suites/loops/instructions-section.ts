/**
 * The report's "Instructions and reasoning loops" section (`loops:instructions`): prompt-level and
 * instruction-level constraint accuracy, strict and loose, the share of answers and of thinking
 * stuck repeating, and the share that hit the token limit, each with its interval, beside the
 * token budgets and sampling the calls ran with (part of the figure). On random weights the
 * constraint accuracies read "—" with their counts; the loop and limit rates stay (behaviour, not
 * scores).
 */
import type { RateFigure } from "../../eval/rate-figure.js";
import { escapeHtml } from "../../html/escape-html.js";
import { namedNumericColumns, tableHtml } from "../../html/html-table.js";
import { notAScoreCaption } from "../../html/not-a-score.js";
import { scoreCell } from "../../html/rate-cell.js";
import type { InstructionFollowingSummary } from "./instruction-following.js";

/** The section of a run's block; `noise`: random weights. */
export function instructionsSection(following: InstructionFollowingSummary, noise = false): string {
  // [label, figure, is a score]
  const rows: [string, RateFigure, boolean][] = [
    ["prompt-level, strict", following.promptStrict, true],
    ["prompt-level, loose", following.promptLoose, true],
    ["instruction-level, strict", following.instructionStrict, true],
    ["instruction-level, loose", following.instructionLoose, true],
    ["answer stuck repeating", following.stuckAnswer, false],
    ["thinking stuck repeating (replies with thinking)", following.stuckThinking, false],
    ["hit the token limit", following.hitLimit, false],
  ];
  const sampling = following.sampling.map((value) => JSON.stringify(value)).join(" ");
  return `<section id="loops">
<h2>Instructions and reasoning loops</h2>
<p>${following.attempts} attempts · max tokens ${escapeHtml(following.maxTokens.join(", ") || "n/a")} · sampling ${escapeHtml(sampling || "n/a")}. A loop rate means nothing without the budget and sampling it ran with.</p>
${tableHtml({
  id: "loops-table",
  columns: namedNumericColumns("figure", ["rate (95% interval, count)"]),
  rows: rows.map(([label, figure, score]) => [label, scoreCell(figure, noise && score)]),
})}${noise ? `\n${notAScoreCaption("the stuck and token-limit rates are measured as usual")}` : ""}
</section>`;
}
