/**
 * The raw JSON text of a call's arguments, kept on the call (`ToolCall.argumentsText`) when
 * `JSON.parse` loses something Python's `json.loads` keeps: a whole float written `1.0` / `1e3`
 * (JSON.parse reads `1`) or an int beyond 2^53. Scorers that need Python's int/float distinction
 * (BFCL) re-read that text losslessly. Also finds member / item spans in JSON text that is known
 * to be valid (JSON.parse accepted it), so the arguments can be cut out of a whole call object.
 */

/** A `[start, end)` range of text. */
export interface TextSpan {
  start: number;
  end: number;
}

const numberLiteral = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/**
 * True when valid JSON `text` holds a number literal that `JSON.parse` reads differently from
 * `json.loads`: a float literal with a whole value, or an int literal beyond 2^53.
 */
export function losesNumberKind(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      index = stringEnd(text, index) - 1;
      continue;
    }
    if (code !== 0x2d && (code < 0x30 || code > 0x39)) continue;
    numberLiteral.lastIndex = index;
    const match = numberLiteral.exec(text);
    if (!match) continue;
    const value = Number(match[0]);
    const isFloat = match[1] !== undefined || match[2] !== undefined;
    if (isFloat ? Number.isInteger(value) : !Number.isSafeInteger(value)) return true;
    index += match[0].length - 1;
  }
  return false;
}

/**
 * True when a call object's JSON text may hold arguments that lose number kinds: it does itself,
 * or its arguments are a JSON-encoded string (whose text is checked once decoded).
 */
export function mayLoseNumberKind(source: string): boolean {
  return losesNumberKind(source) || /"(?:arguments|parameters)"\s*:\s*"/.test(source);
}

/** `text` when it loses number kinds under JSON.parse (see {@link losesNumberKind}), else undefined. */
export function argumentsTextIfLossy(text: string): string | undefined {
  return losesNumberKind(text) ? text : undefined;
}

/** Offset just past the JSON string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x5c) index += 1;
    else if (code === 0x22) return index + 1;
  }
  return text.length;
}

function skipSpace(text: string, from: number): number {
  let index = from;
  while (/\s/.test(text[index] ?? "")) index += 1;
  return index;
}

/** Offset just past the JSON value that starts at `start` (valid JSON assumed). */
function valueEnd(text: string, start: number): number {
  const first = text[start];
  if (first === '"') return stringEnd(text, start);
  if (first !== "{" && first !== "[") {
    let index = start;
    while (index < text.length && !/[\s,}\]]/.test(text[index] ?? "")) index += 1;
    return index;
  }
  let depth = 0;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (char === '"') index = stringEnd(text, index) - 1;
    else if (char === "{" || char === "[") depth += 1;
    else if (char === "}" || char === "]") {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return text.length;
}

/**
 * The span of member `key`'s value in the valid JSON object at `start` (the last one when the key
 * repeats, as JSON.parse keeps), or undefined when `text[start]` is not `{` or the key is absent.
 */
export function jsonMemberSpan(text: string, start: number, key: string): TextSpan | undefined {
  if (text[start] !== "{") return undefined;
  let found: TextSpan | undefined;
  let index = skipSpace(text, start + 1);
  while (text[index] === '"') {
    const keyEnd = stringEnd(text, index);
    const name = JSON.parse(text.slice(index, keyEnd)) as string;
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const end = valueEnd(text, valueStart);
    if (name === key) found = { start: valueStart, end };
    index = skipSpace(text, end);
    if (text[index] !== ",") break;
    index = skipSpace(text, index + 1);
  }
  return found;
}

/** The spans of the items of the valid JSON array at `start` (empty when it is not an array). */
export function jsonItemSpans(text: string, start: number): TextSpan[] {
  const spans: TextSpan[] = [];
  if (text[start] !== "[") return spans;
  let index = skipSpace(text, start + 1);
  while (index < text.length && text[index] !== "]") {
    const end = valueEnd(text, index);
    spans.push({ start: index, end });
    index = skipSpace(text, end);
    if (text[index] !== ",") break;
    index = skipSpace(text, index + 1);
  }
  return spans;
}

/**
 * The arguments text of the JSON call object `source` (its `arguments` or `parameters` member,
 * inside `function` for OpenAI's shape), when JSON.parse loses number kinds in it. A string
 * member (OpenAI's JSON-encoded arguments) gives the text it holds.
 */
export function callArgumentsText(source: string): string | undefined {
  if (!mayLoseNumberKind(source)) return undefined;
  const start = skipSpace(source, 0);
  const functionSpan = jsonMemberSpan(source, start, "function");
  const inner =
    functionSpan && source[functionSpan.start] === "{"
      ? source.slice(functionSpan.start, functionSpan.end)
      : source.slice(start);
  const span = jsonMemberSpan(inner, 0, "arguments") ?? jsonMemberSpan(inner, 0, "parameters");
  if (span === undefined) return undefined;
  const text = inner.slice(span.start, span.end);
  if (text.startsWith("{")) return argumentsTextIfLossy(text);
  if (!text.startsWith('"')) return undefined;
  const decoded = JSON.parse(text) as string;
  return decoded.trimStart().startsWith("{") ? argumentsTextIfLossy(decoded.trim()) : undefined;
}

/**
 * Arguments text for an XML-style call (Qwen3.5, MiniCPM) whose parameter values were typed by
 * schema: numbers, arrays and objects keep the number kinds their text shows (`3.0` stays a
 * float, `[1, 3]` ints), as a tool parser that `json.loads` / `float()`s them would. Undefined
 * when nothing would be lost.
 */
export function parameterArgumentsText(
  entries: ReadonlyArray<readonly [key: string, value: unknown, rawText: string]>,
): string | undefined {
  let lossy = false;
  const members = entries.map(([key, value, rawText]) => {
    const plain = JSON.stringify(value) ?? "null";
    const trimmed = rawText.trim();
    if (typeof value === "number" && Number.isInteger(value) && !/^[+-]?\d+$/.test(trimmed)) {
      lossy = true;
      return `${JSON.stringify(key)}:${/^-?\d+$/.test(plain) ? `${plain}.0` : plain}`;
    }
    if (typeof value === "object" && value !== null && losesNumberKind(trimmed) && isJson(trimmed)) {
      lossy = true;
      return `${JSON.stringify(key)}:${trimmed}`;
    }
    return `${JSON.stringify(key)}:${plain}`;
  });
  return lossy ? `{${members.join(",")}}` : undefined;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
