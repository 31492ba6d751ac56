/**
 * BFCL result lines: `{"id": str, "result": <raw model text> | [{"NAME": {args}}]}` per line,
 * read losslessly (a `3.0` argument stays a float). Malformed lines are harness errors naming
 * the file and line.
 */
import { EdgecallError } from "../errors.js";
import { parseJsonl } from "../text/jsonl-lines.js";
import { parseLosslessJson } from "./lossless-json.js";
import { dictGet, dictSet, emptyDict, type PyValue, pyStr } from "./py-value.js";

/** One result: raw text (a str) or already-decoded calls; `where` names its file and line. */
export interface BfclResult {
  id: string;
  result: PyValue;
  where: string;
}

/** Reads JSON Lines results; `source` (a path) is used in error messages. */
export function parseBfclResults(text: string, source: string): BfclResult[] {
  const results: BfclResult[] = [];
  for (const { where, value: parsed } of parseJsonl(text, source, { parse: parseLosslessJson })) {
    const id = parsed.kind === "dict" ? dictGet(parsed, "id") : undefined;
    if (id?.kind !== "str")
      throw new EdgecallError("invalid-json", `${where}: a result line needs a string "id"`, {
        subject: source,
      });
    const result = parsed.kind === "dict" ? dictGet(parsed, "result") : undefined;
    if (result === undefined)
      throw new EdgecallError("invalid-json", `${where}: result line for "${id.value}" has no "result"`, {
        subject: source,
      });
    results.push({ id: id.value, result, where });
  }
  return results;
}

/**
 * Converts plain JavaScript data (as from `JSON.parse`) to a Python value. Lossy where
 * `JSON.parse` already was: an integral number becomes an int. Prefer raw text or
 * {@link parseLosslessJson} when the int/float distinction matters.
 */
export function pyValueFromPlain(value: unknown): PyValue {
  if (typeof value === "string") return pyStr(value);
  if (typeof value === "boolean") return { kind: "bool", value };
  if (typeof value === "bigint") return { kind: "int", value };
  if (typeof value === "number")
    return Number.isInteger(value) ? { kind: "int", value: BigInt(value) } : { kind: "float", value };
  if (value === null || value === undefined) return { kind: "none" };
  if (Array.isArray(value)) return { kind: "list", items: value.map(pyValueFromPlain) };
  const dict = emptyDict();
  for (const [key, item] of Object.entries(value as Record<string, unknown>))
    dictSet(dict, pyStr(key), pyValueFromPlain(item));
  return dict;
}
