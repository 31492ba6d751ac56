/**
 * The nesting limit on what models write. Call arguments nested deeper than
 * {@link maxNestingDepth} levels (the arguments object itself is level 1) are a tool-call error
 * of the parser, never a value handed on: JSON.stringify, canonical JSON, ajv, frozen copies and
 * the BFCL value conversions all recurse, and 20,000 levels overflow the stack. The checks here
 * are iterative, so they work at any depth.
 */

/** Deepest nesting of arrays and objects allowed in a call's arguments (the object itself is 1). */
export const maxNestingDepth = 64;

/**
 * Extra levels a JSON call text may wrap around its arguments (`{"tool_calls": [{"function":
 * {"arguments": ...}}]}` adds four), so the text scanner can refuse deeper texts before anything
 * is decoded.
 */
export const callWrapperDepth = 4;

/**
 * True when `value` holds arrays or objects nested deeper than `limit` levels. Iterative; a value
 * shared at several depths is measured at the deepest, and a cycle counts as too deep.
 */
export function exceedsNestingDepth(value: unknown, limit: number = maxNestingDepth): boolean {
  if (value === null || typeof value !== "object") return false;
  const pending: Array<{ value: object; depth: number }> = [{ value, depth: 1 }];
  const deepest = new Map<object, number>();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.depth > limit) return true;
    if ((deepest.get(next.value) ?? 0) >= next.depth) continue;
    deepest.set(next.value, next.depth);
    const members = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const member of members) {
      if (member !== null && typeof member === "object")
        pending.push({ value: member, depth: next.depth + 1 });
    }
  }
  return false;
}

/**
 * The deepest bracket nesting (`[`, `{`, `(`) in JSON or Python literal text, not counting
 * brackets inside quoted strings. Iterative; unbalanced text is measured as far as it goes.
 */
export function textNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quote = "";
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quote !== "") {
      if (char === "\\") index += 1;
      else if (char === quote) quote = "";
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "[" || char === "{" || char === "(") deepest = Math.max(deepest, ++depth);
    else if (char === "]" || char === "}" || char === ")") depth = Math.max(0, depth - 1);
  }
  return deepest;
}

/** The message of the tool-call error for arguments nested too deeply. */
export function tooDeepMessage(name: string): string {
  return `${name}: the arguments are nested deeper than ${maxNestingDepth} levels`;
}
