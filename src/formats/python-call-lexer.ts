/**
 * A lazy tokenizer for the subset of Python that tool calls are written in: names, numbers,
 * string literals (all quote styles, prefixes and escapes) and punctuation. It reads one token at
 * a time so that prose after a call list is never tokenized.
 *
 * Why not BFCL's tokenizer (src/bfcl/python-tokenizer.ts): that one reproduces CPython's tokenizer
 * over a whole text (comments, line continuations, every operator, its error messages) so BFCL
 * scores agree with the official checker; this one serves the formats' parsers, which read a call
 * list at an offset in a model reply, stop where it ends, and tell a reply cut short (`truncated`,
 * for streaming) from one that is wrong.
 */

/** One token of a Python expression. `start`/`end` are offsets into the text. */
export type PythonToken =
  | { kind: "name"; text: string; start: number; end: number }
  | { kind: "number"; text: string; isFloat: boolean; start: number; end: number }
  | { kind: "string"; value: string; start: number; end: number }
  | { kind: "punct"; text: string; start: number; end: number }
  | { kind: "end"; start: number; end: number };

/** Why the text is not valid Python; `truncated` when it ends before the expression does. */
export class PythonSyntaxError extends Error {
  readonly type: "invalid-syntax" | "truncated";
  readonly offset: number;

  constructor(type: "invalid-syntax" | "truncated", message: string, offset: number) {
    super(message);
    this.type = type;
    this.offset = offset;
  }
}

const namePattern = /[\p{L}_][\p{L}\p{N}_]*/uy;
const numberPattern =
  /(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?)[jJ]?/y;
const punctuation = "()[]{},=:.-+;";
const simpleEscapes: Record<string, string> = {
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\u0007",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

/** Tokenizer over `text` starting at `position`; throws {@link PythonSyntaxError} on bad input. */
export class PythonCallLexer {
  private readonly text: string;
  private position: number;
  private lookahead: PythonToken | undefined;

  constructor(text: string, position = 0) {
    this.text = text;
    this.position = position;
  }

  /** The next token without consuming it. */
  peek(): PythonToken {
    this.lookahead ??= this.read();
    return this.lookahead;
  }

  /** Consumes and returns the next token. */
  next(): PythonToken {
    const token = this.peek();
    this.lookahead = undefined;
    return token;
  }

  private read(): PythonToken {
    const text = this.text;
    while (this.position < text.length && /\s/.test(text[this.position] ?? "")) this.position += 1;
    const start = this.position;
    if (start >= text.length) return { kind: "end", start, end: start };
    const char = text[start] ?? "";
    namePattern.lastIndex = start;
    const name = namePattern.exec(text);
    if (name) {
      const quote = text[start + name[0].length];
      if ((quote === '"' || quote === "'") && /^[rRbBuUfF]{1,2}$/.test(name[0])) {
        return this.readString(start, start + name[0].length, /r/i.test(name[0]));
      }
      this.position = start + name[0].length;
      return { kind: "name", text: name[0], start, end: this.position };
    }
    if (char === '"' || char === "'") return this.readString(start, start, false);
    if (/[\d.]/.test(char) && /\d/.test(text[char === "." ? start + 1 : start] ?? "")) {
      numberPattern.lastIndex = start;
      const match = numberPattern.exec(text);
      const literal = match?.[0] ?? char;
      if (/[jJ]$/.test(literal))
        throw new PythonSyntaxError("invalid-syntax", "complex numbers are not supported", start);
      this.position = start + literal.length;
      const isFloat = !/^0[xXoObB]/.test(literal) && /[.eE]/.test(literal);
      return { kind: "number", text: literal, isFloat, start, end: this.position };
    }
    if (punctuation.includes(char)) {
      this.position = start + 1;
      return { kind: "punct", text: char, start, end: this.position };
    }
    throw new PythonSyntaxError("invalid-syntax", `unexpected character ${JSON.stringify(char)}`, start);
  }

  private readString(start: number, quoteAt: number, raw: boolean): PythonToken {
    const text = this.text;
    const quote = text[quoteAt] ?? '"';
    const triple = text.startsWith(quote.repeat(3), quoteAt);
    const delimiter = triple ? quote.repeat(3) : quote;
    let index = quoteAt + delimiter.length;
    let value = "";
    for (;;) {
      if (index >= text.length)
        throw new PythonSyntaxError("truncated", "unterminated string literal", start);
      if (text.startsWith(delimiter, index)) break;
      const char = text[index] ?? "";
      if (char === "\n" && !triple)
        throw new PythonSyntaxError("invalid-syntax", "unterminated string literal", start);
      if (char !== "\\") {
        value += char;
        index += 1;
        continue;
      }
      const escaped = text[index + 1];
      if (escaped === undefined)
        throw new PythonSyntaxError("truncated", "unterminated string literal", start);
      if (raw) {
        value += char + escaped;
        index += 2;
        continue;
      }
      const decoded = decodeEscape(text, index);
      value += decoded.value;
      index = decoded.end;
    }
    this.position = index + delimiter.length;
    return { kind: "string", value, start, end: this.position };
  }
}

/** Decodes the escape sequence starting at the backslash at `index`. */
function decodeEscape(text: string, index: number): { value: string; end: number } {
  const escaped = text[index + 1] ?? "";
  const simple = simpleEscapes[escaped];
  if (simple !== undefined) return { value: simple, end: index + 2 };
  if (escaped === "\n") return { value: "", end: index + 2 };
  const hexLength = escaped === "x" ? 2 : escaped === "u" ? 4 : escaped === "U" ? 8 : 0;
  if (hexLength > 0) {
    const digits = text.slice(index + 2, index + 2 + hexLength);
    if (!new RegExp(`^[0-9a-fA-F]{${hexLength}}$`).test(digits)) {
      const type = index + 2 + hexLength > text.length ? "truncated" : "invalid-syntax";
      throw new PythonSyntaxError(type, `bad \\${escaped} escape`, index);
    }
    const codePoint = Number.parseInt(digits, 16);
    if (codePoint > 0x10ffff) throw new PythonSyntaxError("invalid-syntax", "escape out of range", index);
    return { value: String.fromCodePoint(codePoint), end: index + 2 + hexLength };
  }
  const octal = /^[0-7]{1,3}/.exec(text.slice(index + 1, index + 4));
  if (octal)
    return { value: String.fromCharCode(Number.parseInt(octal[0], 8)), end: index + 1 + octal[0].length };
  return { value: `\\${escaped}`, end: index + 2 };
}
