/**
 * Tokenizer for one Python expression, as `ast.parse(text, mode="eval")` reads it: names
 * (keywords kept apart), numbers (int / float / imaginary), string literals with every prefix
 * and escape Python 3 accepts, operators, and NEWLINE outside brackets. Anything Python's
 * tokenizer rejects raises {@link PythonDecodeError}.
 *
 * Why not the formats' lexer (src/formats/python-call-lexer.ts): BFCL's checker decodes with
 * `ast.parse`, so this tokenizer follows CPython's rules and messages over the whole text for the
 * scores to agree; the formats' lexer reads lazily only the subset tool calls are written in, at an
 * offset in a reply, and tells a truncated reply from a wrong one.
 */

/** Why a text does not decode the way BFCL's `ast.parse` path would. */
export class PythonDecodeError extends Error {
  constructor(message: string) {
    // Decoding failures are ordinary outcomes (prose replies): skip the stack trace.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = "PythonDecodeError";
  }
}

/** One token. Strings carry their decoded value and prefix facts. */
export type PyToken =
  | { type: "name"; text: string }
  | { type: "number"; text: string; numberKind: "int" | "float" | "imaginary" }
  | { type: "string"; value: string; bytes: boolean; fString: boolean; unicodePrefix: boolean }
  | { type: "op"; text: string }
  | { type: "newline" }
  | { type: "end" };

const operators = [
  "**=",
  "//=",
  ">>=",
  "<<=",
  "...",
  "->",
  ":=",
  "**",
  "//",
  "<<",
  ">>",
  "<=",
  ">=",
  "==",
  "!=",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "&=",
  "|=",
  "^=",
  "@=",
];
/** Python's tokenizer refuses deeper bracket nesting (MAXLEVEL). */
const maximumNesting = 200;
const singleOperators = "+-*/%@&|^~<>()[]{},:.;=";
const nameStart = /[\p{ID_Start}_]/u;
const nameContinue = /[\p{ID_Continue}\u00b7\u0387\u1369-\u1371\u19da]/u;
const stringPrefixes = new Set(["r", "u", "b", "br", "rb", "f", "fr", "rf"]);
const numberPattern =
  /(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*|\d(?:_?\d)*\.?)(?:[eE][+-]?\d(?:_?\d)*)?[jJ]?)/y;
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

/** Splits `text` into tokens; throws {@link PythonDecodeError} where Python's tokenizer fails. */
export function tokenizePython(text: string): PyToken[] {
  const tokens: PyToken[] = [];
  const brackets: string[] = [];
  let position = 0;
  while (position < text.length) {
    const char = text[position] as string;
    if (char === " " || char === "\t" || char === "\f") {
      position += 1;
      continue;
    }
    if (char === "\n" || char === "\r") {
      if (brackets.length === 0 && tokens.length > 0 && tokens[tokens.length - 1]?.type !== "newline")
        tokens.push({ type: "newline" });
      position += 1;
      continue;
    }
    if (char === "#") {
      while (position < text.length && text[position] !== "\n" && text[position] !== "\r") position += 1;
      continue;
    }
    if (char === "\\") {
      const next = text[position + 1];
      if (next === "\n") position += 2;
      else if (next === "\r") position += text[position + 2] === "\n" ? 3 : 2;
      else throw new PythonDecodeError("unexpected character after line continuation character");
      continue;
    }
    if (char === "\0") throw new PythonDecodeError("source code string cannot contain null bytes");
    if (char === '"' || char === "'") {
      position = readString(text, position, "", tokens);
      continue;
    }
    const code = char.codePointAt(0) ?? 0;
    if (isAsciiNameStart(code) || (code > 0x7f && nameStart.test(String.fromCodePoint(code)))) {
      const end = nameEnd(text, position + (code > 0xffff ? 2 : 1));
      const name = text.slice(position, end);
      const quote = text[end];
      if ((quote === '"' || quote === "'") && stringPrefixes.has(name.toLowerCase())) {
        position = readString(text, end, name.toLowerCase(), tokens);
        continue;
      }
      tokens.push({ type: "name", text: isAscii(name) ? name : name.normalize("NFKC") });
      position = end;
      continue;
    }
    if ((char >= "0" && char <= "9") || (char === "." && /[0-9]/.test(text[position + 1] ?? ""))) {
      position = readNumber(text, position, tokens);
      continue;
    }
    const operator = multiCharacterOperator(text, position);
    if (operator) {
      tokens.push({ type: "op", text: operator });
      position += operator.length;
      continue;
    }
    if (singleOperators.includes(char)) {
      if (char === "(" || char === "[" || char === "{") {
        if (brackets.length >= maximumNesting) throw new PythonDecodeError("too many nested parentheses");
        brackets.push(char);
      } else if (char === ")" || char === "]" || char === "}") {
        const open = brackets.pop();
        if (open === undefined || "([{".indexOf(open) !== ")]}".indexOf(char))
          throw new PythonDecodeError(`unmatched '${char}'`);
      }
      tokens.push({ type: "op", text: char });
      position += 1;
      continue;
    }
    throw new PythonDecodeError(`invalid character ${JSON.stringify(char)}`);
  }
  if (brackets.length > 0) throw new PythonDecodeError(`'${brackets[brackets.length - 1]}' was never closed`);
  tokens.push({ type: "end" });
  return tokens;
}

function isAsciiNameStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

function isAsciiNamePart(code: number): boolean {
  return isAsciiNameStart(code) || (code >= 0x30 && code <= 0x39);
}

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

/** The offset where a name that continues at `start` ends. */
function nameEnd(text: string, start: number): number {
  let end = start;
  for (;;) {
    const code = text.charCodeAt(end);
    if (Number.isNaN(code)) return end;
    if (code <= 0x7f) {
      if (!isAsciiNamePart(code)) return end;
      end += 1;
      continue;
    }
    const nextChar = String.fromCodePoint(text.codePointAt(end) ?? 0);
    if (!nameContinue.test(nextChar)) return end;
    end += nextChar.length;
  }
}

const operatorSet = new Set(operators);

function multiCharacterOperator(text: string, position: number): string | undefined {
  const three = text.slice(position, position + 3);
  if (operatorSet.has(three)) return three;
  const two = three.slice(0, 2);
  return operatorSet.has(two) ? two : undefined;
}

function readNumber(text: string, start: number, tokens: PyToken[]): number {
  numberPattern.lastIndex = start;
  const match = numberPattern.exec(text);
  const literal = match?.[0] ?? "";
  if (literal === "") throw new PythonDecodeError("invalid number");
  const end = start + literal.length;
  const nextCode = text.codePointAt(end);
  if (nextCode !== undefined && nameContinue.test(String.fromCodePoint(nextCode)))
    throw new PythonDecodeError("invalid decimal literal");
  const radix = /^0[xXoObB]/.test(literal);
  let numberKind: "int" | "float" | "imaginary" = "int";
  if (!radix && /[jJ]$/.test(literal)) numberKind = "imaginary";
  else if (!radix && /[.eE]/.test(literal)) numberKind = "float";
  if (numberKind === "int" && !radix && /^0+_?\d/.test(literal) && /[1-9]/.test(literal))
    throw new PythonDecodeError("leading zeros in decimal integer literals are not permitted");
  tokens.push({ type: "number", text: literal, numberKind });
  return end;
}

/** Reads a string literal whose quote is at `quoteAt`; returns the offset after it. */
function readString(text: string, quoteAt: number, prefix: string, tokens: PyToken[]): number {
  const raw = prefix.includes("r");
  const bytes = prefix.includes("b");
  const quote = text[quoteAt] as string;
  const triple = text.startsWith(quote.repeat(3), quoteAt);
  const delimiter = triple ? quote.repeat(3) : quote;
  let index = quoteAt + delimiter.length;
  let value = "";
  const close = text.indexOf(delimiter, index);
  if (close >= 0 && !triple && !bytes) {
    const body = text.slice(index, close);
    if (!/[\\\n\r]/.test(body)) {
      tokens.push({
        type: "string",
        value: body,
        bytes,
        fString: prefix.includes("f"),
        unicodePrefix: prefix === "u",
      });
      return close + 1;
    }
  }
  for (;;) {
    if (index >= text.length) throw new PythonDecodeError("unterminated string literal");
    if (text.startsWith(delimiter, index)) break;
    const char = text[index] as string;
    if ((char === "\n" || char === "\r") && !triple)
      throw new PythonDecodeError("unterminated string literal");
    if (char !== "\\") {
      if (bytes && char.charCodeAt(0) > 0x7f)
        throw new PythonDecodeError("bytes can only contain ASCII literal characters");
      value += char;
      index += 1;
      continue;
    }
    const escaped = text[index + 1];
    if (escaped === undefined) throw new PythonDecodeError("unterminated string literal");
    if (raw) {
      value += `\\${escaped}`;
      index += 2;
      continue;
    }
    const decoded = decodeEscape(text, index, bytes);
    value += decoded.value;
    index = decoded.end;
  }
  tokens.push({
    type: "string",
    value,
    bytes,
    fString: prefix.includes("f"),
    unicodePrefix: prefix === "u",
  });
  return index + delimiter.length;
}

function decodeEscape(text: string, index: number, bytes: boolean): { value: string; end: number } {
  const escaped = text[index + 1] as string;
  const simple = simpleEscapes[escaped];
  if (simple !== undefined) return { value: simple, end: index + 2 };
  if (escaped === "\n") return { value: "", end: index + 2 };
  if (escaped === "\r") return { value: "", end: text[index + 2] === "\n" ? index + 3 : index + 2 };
  const octal = /^[0-7]{1,3}/.exec(text.slice(index + 1, index + 4));
  if (octal) {
    const code = Number.parseInt(octal[0], 8);
    return { value: String.fromCharCode(bytes ? code & 0xff : code), end: index + 1 + octal[0].length };
  }
  const hexLength = escaped === "x" ? 2 : !bytes && escaped === "u" ? 4 : !bytes && escaped === "U" ? 8 : 0;
  if (hexLength > 0) {
    const digits = text.slice(index + 2, index + 2 + hexLength);
    if (!new RegExp(`^[0-9a-fA-F]{${hexLength}}$`).test(digits))
      throw new PythonDecodeError(`truncated \\${escaped} escape`);
    const codePoint = Number.parseInt(digits, 16);
    if (codePoint > 0x10ffff) throw new PythonDecodeError("illegal Unicode character");
    return { value: String.fromCodePoint(codePoint), end: index + 2 + hexLength };
  }
  if (!bytes && escaped === "N")
    throw new PythonDecodeError("\\N{...} escapes are not supported by edgecall");
  return { value: `\\${escaped}`, end: index + 2 };
}
