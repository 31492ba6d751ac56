/**
 * A JSON reader that keeps what `JSON.parse` loses and Python's `json.loads` keeps: `3` is an
 * int and `3.0` a float, big ints stay exact, a repeated key overwrites in place. Like
 * `json.loads` it also accepts `NaN`, `Infinity` and `-Infinity`. Values come back as
 * {@link PyValue}s, ready for the BFCL checker.
 */
import { pyFloatRepr } from "./py-repr.js";
import { dictSet, emptyDict, type PyDict, type PyValue, pyFalse, pyNone, pyTrue } from "./py-value.js";

/** Where and why a JSON text is malformed. `offset` indexes the text. */
export class LosslessJsonError extends Error {
  readonly offset: number;

  constructor(message: string, offset: number) {
    super(`${message} at offset ${offset}`);
    this.name = "LosslessJsonError";
    this.offset = offset;
  }
}

const escapes: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

/** Parses one JSON document; throws {@link LosslessJsonError} when it is malformed. */
export function parseLosslessJson(text: string): PyValue {
  const reader = new Reader(text);
  reader.skipSpace();
  const value = reader.value(0);
  reader.skipSpace();
  if (reader.position < text.length)
    throw new LosslessJsonError("extra data after the JSON value", reader.position);
  return value;
}

const maximumDepth = 1000;

class Reader {
  position = 0;
  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  skipSpace(): void {
    const text = this.text;
    let position = this.position;
    for (;;) {
      const code = text.charCodeAt(position);
      if (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09) position += 1;
      else break;
    }
    this.position = position;
  }

  value(depth: number): PyValue {
    if (depth > maximumDepth) throw new LosslessJsonError("JSON nested too deeply", this.position);
    const text = this.text;
    const code = text.charCodeAt(this.position);
    if (code === 0x22) return { kind: "str", value: this.string() };
    if (code === 0x7b) return this.object(depth);
    if (code === 0x5b) return this.array(depth);
    if (code === 0x2d || (code >= 0x30 && code <= 0x39)) return this.number();
    if (text.startsWith("true", this.position)) return this.literal(4, pyTrue);
    if (text.startsWith("false", this.position)) return this.literal(5, pyFalse);
    if (text.startsWith("null", this.position)) return this.literal(4, pyNone);
    if (text.startsWith("NaN", this.position)) return this.literal(3, { kind: "float", value: Number.NaN });
    if (text.startsWith("Infinity", this.position))
      return this.literal(8, { kind: "float", value: Number.POSITIVE_INFINITY });
    if (this.position >= text.length) throw new LosslessJsonError("unexpected end of JSON", this.position);
    throw new LosslessJsonError(`unexpected character ${JSON.stringify(text[this.position])}`, this.position);
  }

  private literal(length: number, value: PyValue): PyValue {
    this.position += length;
    return value;
  }

  private object(depth: number): PyDict {
    const text = this.text;
    const dict = emptyDict();
    this.position += 1;
    this.skipSpace();
    if (text.charCodeAt(this.position) === 0x7d) {
      this.position += 1;
      return dict;
    }
    for (;;) {
      if (text.charCodeAt(this.position) !== 0x22)
        throw new LosslessJsonError("expected a property name in double quotes", this.position);
      const key = this.string();
      this.skipSpace();
      if (text.charCodeAt(this.position) !== 0x3a) throw new LosslessJsonError("expected ':'", this.position);
      this.position += 1;
      this.skipSpace();
      const value = this.value(depth + 1);
      const keys = dict.keys;
      let existing = -1;
      for (let index = 0; index < keys.length; index += 1) {
        if ((keys[index] as { value: string }).value === key) {
          existing = index;
          break;
        }
      }
      if (existing < 0) {
        keys.push({ kind: "str", value: key });
        dict.values.push(value);
      } else {
        dictSet(dict, { kind: "str", value: key }, value);
      }
      this.skipSpace();
      const next = text.charCodeAt(this.position);
      this.position += 1;
      if (next === 0x7d) return dict;
      if (next !== 0x2c) throw new LosslessJsonError("expected ',' or '}'", this.position - 1);
      this.skipSpace();
    }
  }

  private array(depth: number): PyValue {
    const text = this.text;
    const items: PyValue[] = [];
    this.position += 1;
    this.skipSpace();
    if (text.charCodeAt(this.position) === 0x5d) {
      this.position += 1;
      return { kind: "list", items };
    }
    for (;;) {
      items.push(this.value(depth + 1));
      this.skipSpace();
      const next = text.charCodeAt(this.position);
      this.position += 1;
      if (next === 0x5d) return { kind: "list", items };
      if (next !== 0x2c) throw new LosslessJsonError("expected ',' or ']'", this.position - 1);
      this.skipSpace();
    }
  }

  private number(): PyValue {
    const text = this.text;
    const start = this.position;
    let position = start;
    if (text.charCodeAt(position) === 0x2d) {
      position += 1;
      if (text.startsWith("Infinity", position)) {
        this.position = position + 8;
        return { kind: "float", value: Number.NEGATIVE_INFINITY };
      }
    }
    const first = text.charCodeAt(position);
    if (first === 0x30) position += 1;
    else if (first >= 0x31 && first <= 0x39) position = this.digits(position);
    else throw new LosslessJsonError("expected a digit", position);
    let isFloat = false;
    if (text.charCodeAt(position) === 0x2e) {
      const afterDot = this.digits(position + 1);
      if (afterDot === position + 1) throw new LosslessJsonError("expected a digit after '.'", afterDot);
      position = afterDot;
      isFloat = true;
    }
    const exponentMark = text.charCodeAt(position);
    if (exponentMark === 0x65 || exponentMark === 0x45) {
      position += 1;
      const sign = text.charCodeAt(position);
      if (sign === 0x2b || sign === 0x2d) position += 1;
      const afterExponent = this.digits(position);
      if (afterExponent === position) throw new LosslessJsonError("expected an exponent", position);
      position = afterExponent;
      isFloat = true;
    }
    this.position = position;
    const literal = text.slice(start, position);
    if (isFloat) return { kind: "float", value: Number(literal) };
    return { kind: "int", value: BigInt(literal) };
  }

  private digits(start: number): number {
    const text = this.text;
    let position = start;
    for (;;) {
      const code = text.charCodeAt(position);
      if (code >= 0x30 && code <= 0x39) position += 1;
      else return position;
    }
  }

  private string(): string {
    const text = this.text;
    const start = this.position + 1;
    const close = text.indexOf('"', start);
    if (close < 0) throw new LosslessJsonError("unterminated string", this.position);
    for (let index = start; index < close; index += 1) {
      const code = text.charCodeAt(index);
      if (code === 0x5c) return this.escapedString(start);
      if (code < 0x20) throw new LosslessJsonError("control character in string", index);
    }
    this.position = close + 1;
    return text.slice(start, close);
  }

  private escapedString(start: number): string {
    const text = this.text;
    let out = "";
    let chunkStart = start;
    let position = start;
    for (;;) {
      if (position >= text.length) throw new LosslessJsonError("unterminated string", start - 1);
      const code = text.charCodeAt(position);
      if (code === 0x22) {
        out += text.slice(chunkStart, position);
        this.position = position + 1;
        return out;
      }
      if (code < 0x20) throw new LosslessJsonError("control character in string", position);
      if (code !== 0x5c) {
        position += 1;
        continue;
      }
      out += text.slice(chunkStart, position);
      const escaped = text[position + 1] ?? "";
      if (escaped === "u") {
        const digits = text.slice(position + 2, position + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(digits)) throw new LosslessJsonError("bad \\u escape", position);
        out += String.fromCharCode(Number.parseInt(digits, 16));
        position += 6;
      } else {
        const replacement = escapes[escaped];
        if (replacement === undefined) throw new LosslessJsonError("bad escape", position);
        out += replacement;
        position += 2;
      }
      chunkStart = position;
    }
  }
}

/**
 * JSON text of a value that {@link parseLosslessJson} reads back the same: floats keep a `.0`
 * or exponent, NaN and infinities are written as Python's `json.dumps` writes them. Tuples become
 * arrays; dict keys must be strings; complex and bytes values cannot be written.
 */
export function stringifyLosslessJson(value: PyValue): string {
  switch (value.kind) {
    case "int":
      return value.value.toString();
    case "float": {
      const text = pyFloatRepr(value.value);
      return text === "inf" ? "Infinity" : text === "-inf" ? "-Infinity" : text === "nan" ? "NaN" : text;
    }
    case "str":
      return JSON.stringify(value.value);
    case "bool":
      return value.value ? "true" : "false";
    case "none":
      return "null";
    case "list":
    case "tuple":
      return `[${value.items.map(stringifyLosslessJson).join(",")}]`;
    case "dict":
      return `{${value.keys
        .map((key, index) => {
          if (key.kind !== "str") throw new TypeError("JSON object keys must be strings");
          return `${JSON.stringify(key.value)}:${stringifyLosslessJson(value.values[index] as PyValue)}`;
        })
        .join(",")}}`;
    default:
      throw new TypeError(`a ${value.kind} value has no JSON form`);
  }
}
