/**
 * BFCL's agentic checker (memory and web search): the last reply that is not a function call must
 * contain one of the ground-truth answers as a whole word sequence, after both are standardised
 * (the characters `,./-_*^()` removed, lowercase, `'` as `"`). Error types are BFCL's:
 * `agentic:answer_not_found`, `agentic:no_last_message`, `agentic:inference_error`.
 */

/** BFCL's `standardize_string`. */
export function standardizeAnswer(text: string): string {
  return text
    .replace(/[,./\-_*^()]/g, "")
    .toLowerCase()
    .replaceAll("'", '"');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Python's `\b` for str patterns: a boundary between a Unicode word character and anything else. */
function wordBoundaryPattern(answer: string): RegExp {
  if (answer === "") return /[\p{L}\p{N}_]/u;
  const word = "[\\p{L}\\p{N}_]";
  const escaped = escapeRegExp(answer);
  const startsWord = new RegExp(`^${word}`, "u").test(answer);
  const endsWord = new RegExp(`${word}$`, "u").test(answer);
  const before = startsWord ? `(?<!${word})` : `(?<=${word})`;
  const after = endsWord ? `(?!${word})` : `(?=${word})`;
  return new RegExp(`${before}${escaped}${after}`, "u");
}

/** An agentic verdict. */
export interface AgenticVerdict {
  valid: boolean;
  errorType?: "agentic:answer_not_found" | "agentic:no_last_message" | "agentic:inference_error";
  error?: string;
  /** The reply the answer was looked for in. */
  response?: string;
  standardizedResponse?: string;
}

/** BFCL's `agentic_checker` on the last non-call reply. */
export function checkAgenticAnswer(response: string, possibleAnswers: readonly string[]): AgenticVerdict {
  const standardized = standardizeAnswer(response);
  for (const answer of possibleAnswers) {
    if (wordBoundaryPattern(standardizeAnswer(answer)).test(standardized))
      return { valid: true, response, standardizedResponse: standardized };
  }
  return {
    valid: false,
    errorType: "agentic:answer_not_found",
    error: "None of the expected answers were found in the model response.",
    response,
    standardizedResponse: standardized,
  };
}
