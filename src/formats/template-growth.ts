/**
 * The length of what a Jinja filter that grows strings would build, worked out from its inputs
 * without building it: `replace` (a 20,000-character string with each character replaced by the
 * string itself is 400 M characters, built in one step), `join` (of a list, and of a string's
 * characters with a separator) and `indent`. template-limits.ts checks these lengths against its
 * character limit before @huggingface/jinja 0.5.11 builds the string; the lengths follow that
 * version's implementations.
 */

/** A runtime value of @huggingface/jinja, as far as the sizing looks at it. */
export interface SizedValue {
  type: string;
  value: unknown;
}

/** Non-overlapping occurrences of `part` in `text`, at most `limit` (`part` empty: between characters). */
function occurrences(text: string, part: string, limit: number): number {
  if (part === "") return Math.min(limit, codePoints(text) + 1);
  let count = 0;
  for (let at = text.indexOf(part); at !== -1 && count < limit; at = text.indexOf(part, at + part.length))
    count++;
  return count;
}

/** Unicode code points of `text` (what `Array.from` and a `u` regular expression step over). */
function codePoints(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    // A low surrogate after a high one is the same code point.
    if (unit >= 0xdc00 && unit <= 0xdfff && index > 0) {
      const previous = text.charCodeAt(index - 1);
      if (previous >= 0xd800 && previous <= 0xdbff) continue;
    }
    count++;
  }
  return count;
}

function stringOf(value: SizedValue | undefined): string | undefined {
  return value?.type === "StringValue" && typeof value.value === "string" ? value.value : undefined;
}

/** The length `text.replace(old, new, count)` would have; undefined when the arguments are not strings. */
export function replacedLength(
  text: string,
  args: readonly SizedValue[],
  kwargs: ReadonlyMap<string, SizedValue>,
): number | undefined {
  const old = stringOf(args[0]);
  const replacement = stringOf(args[1]);
  if (old === undefined || replacement === undefined) return undefined;
  const countValue = args[2] ?? kwargs.get("count");
  const count = typeof countValue?.value === "number" ? countValue.value : -1;
  if (count === 0) return text.length;
  const found = occurrences(text, old, count < 0 ? Number.POSITIVE_INFINITY : count);
  return text.length + found * (replacement.length - old.length);
}

/** The length `|join(separator)` would have on a list or a string; undefined for other operands. */
export function joinedLength(
  operand: SizedValue,
  args: readonly SizedValue[],
  kwargs: ReadonlyMap<string, SizedValue>,
): number | undefined {
  const separator = stringOf(args[0] ?? kwargs.get("separator")) ?? "";
  if (operand.type === "StringValue" && typeof operand.value === "string") {
    const characters = codePoints(operand.value);
    return operand.value.length + separator.length * Math.max(0, characters - 1);
  }
  if (!Array.isArray(operand.value)) return undefined;
  const items = operand.value as SizedValue[];
  let length = separator.length * Math.max(0, items.length - 1);
  for (const item of items) {
    const value = item?.value;
    length += typeof value === "string" ? value.length : value == null ? 0 : String(value).length;
  }
  return length;
}

/** The length `|indent(width, first, blank)` would have. */
export function indentedLength(
  text: string,
  args: readonly SizedValue[],
  kwargs: ReadonlyMap<string, SizedValue>,
): number {
  const widthValue = args[0] ?? kwargs.get("width");
  const width = typeof widthValue?.value === "number" ? Math.max(0, widthValue.value) : 4;
  const first = (args[1] ?? kwargs.get("first"))?.value === true;
  const blank = (args[2] ?? kwargs.get("blank"))?.value === true;
  let indented = 0;
  let lineStart = 0;
  for (let line = 0; lineStart <= text.length; line++) {
    const end = text.indexOf("\n", lineStart);
    const lineEnd = end === -1 ? text.length : end;
    if ((first || line > 0) && (blank || lineEnd > lineStart)) indented++;
    if (end === -1) break;
    lineStart = end + 1;
  }
  return text.length + indented * width;
}
