/**
 * One BFCL verdict, as BFCL's eval runner reaches it: a raw reply is decoded (Python, Java or
 * JavaScript prompt syntax for AST categories; Python for (ir)relevance), decoded calls must be a
 * list of `{name: {args}}`, then the AST checker runs. Irrelevance passes when decoding fails or
 * yields no call; relevance when it yields at least one.
 */
import { astChecker, toModelCalls } from "./ast-checker.js";
import { bfclScoring } from "./categories.js";
import type { CheckResult } from "./check-result.js";
import { CheckerCrash, checkerCrashErrorType } from "./checker-crash.js";
import type { BfclEntry } from "./dataset.js";
import { decodeJavaPrompt } from "./decode-java-prompt.js";
import { decodeJavaScriptPrompt } from "./decode-javascript-prompt.js";
import { type BfclDecodeResult, decodePythonPrompt } from "./decode-python-prompt.js";
import type { PyValue } from "./py-value.js";

/** The verdict on one entry. `errorType` uses BFCL's own strings; null when valid. */
export interface BfclVerdict {
  id: string;
  valid: boolean;
  errorType: string | null;
  errors?: string[];
  /** Multi-turn: the first failing turn. */
  turn?: number;
}

/** Options of a verdict. `fcNames`: expected names compared with "." → "_". */
export interface BfclVerdictOptions {
  fcNames?: boolean;
}

function decode(result: PyValue, language: BfclEntry["language"]): BfclDecodeResult {
  if (result.kind !== "str") return { ok: true, value: result };
  if (language === "java") return decodeJavaPrompt(result.value);
  if (language === "javascript") return decodeJavaScriptPrompt(result.value);
  return decodePythonPrompt(result.value);
}

/** True for output with no call in it (`is_empty_output`). */
function isEmptyOutput(decoded: PyValue): boolean {
  const calls = toModelCalls(decoded);
  return calls === undefined || calls.length === 0;
}

function verdict(id: string, result: CheckResult): BfclVerdict {
  if (result.valid) return { id, valid: true, errorType: null };
  return { id, valid: false, errorType: result.errorType, errors: result.errors };
}

/** Judges one result (raw text as a str, or decoded calls) against its entry. */
export function judgeBfclEntry(
  entry: BfclEntry,
  result: PyValue,
  options: BfclVerdictOptions = {},
): BfclVerdict {
  const scoring = bfclScoring(entry.category);
  if (scoring !== "ast") {
    const decoded = decode(result, "python");
    const containsCall = decoded.ok && !isEmptyOutput(decoded.value);
    if (scoring === "irrelevance") {
      return containsCall
        ? verdict(entry.id, {
            valid: false,
            errors: ["Valid syntax. Successfully decode AST when it should not."],
            errorType: "irrelevance_error:decoder_success",
          })
        : verdict(entry.id, { valid: true, errors: [], errorType: null });
    }
    return containsCall
      ? verdict(entry.id, { valid: true, errors: [], errorType: null })
      : verdict(entry.id, {
          valid: false,
          errors: [
            `Invalid syntax. Failed to decode AST when it should have. ${decoded.ok ? "None" : decoded.error}`,
          ],
          errorType: "relevance_error:decoder_failed",
        });
  }

  const decoded = decode(result, entry.language);
  if (!decoded.ok) {
    return verdict(entry.id, {
      valid: false,
      errors: [`Invalid syntax. Failed to decode AST. ${decoded.error}`],
      errorType: "ast_decoder:decoder_failed",
    });
  }
  const calls = toModelCalls(decoded.value);
  if (!calls) {
    return verdict(entry.id, {
      valid: false,
      errors: [
        "Did not output in the specified format. Note: the model_result is wrapped in a string to ensure json serializability.",
      ],
      errorType: "ast_decoder:decoder_wrong_output_format",
    });
  }
  try {
    return verdict(
      entry.id,
      astChecker(calls, {
        category: entry.category,
        language: entry.language,
        functions: entry.functions,
        groundTruth: entry.groundTruth ?? [],
        fcNames: options.fcNames ?? false,
      }),
    );
  } catch (error) {
    if (!(error instanceof CheckerCrash)) throw error;
    return verdict(entry.id, {
      valid: false,
      errors: [`The official BFCL checker raises ${error.message} on this output (and aborts its run).`],
      errorType: checkerCrashErrorType,
    });
  }
}
