/**
 * BFCL's prompt-mode decoding for JavaScript entries: the bracketed reply minus its first and
 * last character is parsed as a JavaScript program; the first top-level statement that is a call
 * gives `{callee: {name: value-source-text}}`, where `name = value` arguments keep the value's
 * source text (one pair of surrounding quotes removed) and bare identifiers and `true` go under a
 * None key. No call statement gives a non-list (BFCL's `None`). A hand-written stand-in for
 * tree-sitter: it agrees with it on well-formed replies and on about 96% of randomly damaged ones
 * (tree-sitter recovers from some errors, e.g. a missing `]`, that this parser rejects).
 */
import { type BfclDecodeResult, bracketReply } from "./decode-python-prompt.js";
import { parseJavaScriptStatements } from "./javascript-syntax.js";
import { dictIndex, dictSet, emptyDict, type PyValue, pyNone, pyStr } from "./py-value.js";
import { pyInner } from "./python-text.js";
import { PythonDecodeError } from "./python-tokenizer.js";

function unquote(text: string): string {
  const quoted = (text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'"));
  return quoted ? pyInner(text) : text;
}

/** Decodes a reply for a JavaScript category. Never throws. */
export function decodeJavaScriptPrompt(text: string): BfclDecodeResult {
  const source = pyInner(bracketReply(text));
  try {
    for (const statement of parseJavaScriptStatements(source)) {
      if (statement.kind !== "call") continue;
      const [callee, ...args] = statement.children;
      if (!callee) continue;
      const params = emptyDict();
      for (const arg of args) {
        let key: PyValue;
        let value: string;
        if (arg.kind === "assign") {
          const [left, right] = arg.children;
          if (!left || !right) continue;
          key = pyStr(source.slice(left.start, left.end));
          value = unquote(source.slice(right.start, right.end));
        } else if (arg.kind === "identifier" || arg.kind === "true") {
          key = pyNone;
          value = source.slice(arg.start, arg.end);
        } else continue;
        if (dictIndex(params, key) >= 0)
          return { ok: false, error: "Error: Multiple arguments with the same name are not supported." };
        dictSet(params, key, pyStr(value));
      }
      const call = emptyDict();
      dictSet(call, pyStr(source.slice(callee.start, callee.end)), params);
      return { ok: true, value: { kind: "list", items: [call] } };
    }
    return { ok: true, value: pyNone };
  } catch (error) {
    if (error instanceof PythonDecodeError) return { ok: false, error: error.message };
    throw error;
  }
}
