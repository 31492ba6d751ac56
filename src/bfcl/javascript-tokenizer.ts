/**
 * Tokens of JavaScript as BFCL prompt-mode replies use it: names, numbers, strings, template
 * literals (skipped as a whole) and punctuators, with line breaks noted for automatic semicolons.
 */
import { PythonDecodeError } from "./python-tokenizer.js";

/** A token with its kind, text, extent and whether a line break precedes it. */
export interface JsToken {
  type: "name" | "number" | "string" | "template" | "regex" | "punct" | "end";
  text: string;
  start: number;
  end: number;
  newlineBefore: boolean;
}

const punctuators =
  ">>>= ... === !== **= <<= >>= >>> &&= ||= ??= => == != <= >= && || ?? ?. ++ -- += -= *= /= %= &= |= ^= << >> ** { } ( ) [ ] ; , < > + - * / % & | ^ ! ~ ? : = .".split(
    " ",
  );
const nameStart = /[\p{ID_Start}$_]/u;
const namePart = /[\p{ID_Continue}$\u200c\u200d]/u;
const numberPattern =
  /(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?)n?/y;
/** Binary operators by precedence level, loosest first (level = index + 1). */
export const binaryPrecedence: Readonly<Record<string, number>> = Object.fromEntries(
  [
    "??",
    "||",
    "&&",
    "|",
    "^",
    "&",
    "== != === !==",
    "< > <= >= instanceof in",
    "<< >> >>>",
    "+ -",
    "* / %",
    "**",
  ].flatMap((level, index) => level.split(" ").map((operator) => [operator, index + 1])),
);
export const assignmentOperators = new Set(
  "= += -= *= /= %= **= <<= >>= >>>= &= |= ^= &&= ||= ??=".split(" "),
);
export const unaryWords = new Set(["typeof", "void", "delete", "await"]);
export const reserved = new Set(
  "if else for while do return var let const class switch case break continue throw try catch finally import export default with yield extends".split(
    " ",
  ),
);

/** Raises a JavaScript syntax error (tree-sitter would produce an ERROR node). */
export function jsSyntaxError(message: string): never {
  throw new PythonDecodeError(`JavaScript syntax error: ${message}`);
}

/** Splits JavaScript source into tokens. */
export function tokenizeJavaScript(source: string): JsToken[] {
  const tokens: JsToken[] = [];
  let position = 0;
  let newlineBefore = false;
  while (position < source.length) {
    const char = source[position] as string;
    if (char === "\n" || char === "\r" || char === "\u2028" || char === "\u2029") {
      newlineBefore = true;
      position += 1;
      continue;
    }
    if (/\s/.test(char)) {
      position += 1;
      continue;
    }
    if (source.startsWith("//", position)) {
      while (position < source.length && source[position] !== "\n") position += 1;
      continue;
    }
    if (source.startsWith("/*", position)) {
      const close = source.indexOf("*/", position + 2);
      if (close < 0) jsSyntaxError("unterminated comment");
      if (source.slice(position, close).includes("\n")) newlineBefore = true;
      position = close + 2;
      continue;
    }
    const start = position;
    let type: JsToken["type"];
    if (char === "/" && regexAllowed(tokens[tokens.length - 1])) {
      position = skipRegex(source, position);
      type = "regex";
    } else if (char === '"' || char === "'") {
      position = skipQuoted(source, position, char);
      type = "string";
    } else if (char === "`") {
      position = skipTemplate(source, position);
      type = "template";
    } else if (/[0-9]/.test(char) || (char === "." && /[0-9]/.test(source[position + 1] ?? ""))) {
      numberPattern.lastIndex = position;
      position += numberPattern.exec(source)?.[0].length ?? 1;
      if (namePart.test(source[position] ?? "")) jsSyntaxError("identifier directly after a number");
      type = "number";
    } else if (nameStart.test(String.fromCodePoint(source.codePointAt(position) ?? 0)) || char === "\\") {
      position += 1;
      while (
        position < source.length &&
        namePart.test(String.fromCodePoint(source.codePointAt(position) ?? 0))
      )
        position += 1;
      type = "name";
    } else {
      const punctuator = punctuators.find((candidate) => source.startsWith(candidate, position));
      if (!punctuator) jsSyntaxError(`unexpected character ${JSON.stringify(char)}`);
      position += punctuator.length;
      type = "punct";
    }
    tokens.push({ type, text: source.slice(start, position), start, end: position, newlineBefore });
    newlineBefore = false;
  }
  tokens.push({ type: "end", text: "", start: source.length, end: source.length, newlineBefore: true });
  return tokens;
}

const regexAfterWords = new Set(
  "return typeof instanceof in of new delete void throw case do else await yield".split(" "),
);

/** A `/` starts a regular expression where an expression is expected (not after a value). */
function regexAllowed(previous: JsToken | undefined): boolean {
  if (!previous) return true;
  if (previous.type === "punct") return !")]}".includes(previous.text);
  return previous.type === "name" && regexAfterWords.has(previous.text);
}

function skipRegex(source: string, start: number): number {
  let position = start + 1;
  let inClass = false;
  while (position < source.length) {
    const char = source[position];
    if (char === "\\") position += 2;
    else if (char === "\n" || char === "\r") break;
    else {
      if (char === "[") inClass = true;
      else if (char === "]") inClass = false;
      else if (char === "/" && !inClass) {
        position += 1;
        while (position < source.length && /[a-z]/i.test(source[position] as string)) position += 1;
        return position;
      }
      position += 1;
    }
  }
  return jsSyntaxError("unterminated regular expression");
}

function skipQuoted(source: string, start: number, quote: string): number {
  let position = start + 1;
  while (position < source.length) {
    const char = source[position];
    if (char === "\\") position += 2;
    else if (char === quote) return position + 1;
    else if (char === "\n" || char === "\r") break;
    else position += 1;
  }
  return jsSyntaxError("unterminated string");
}

function skipTemplate(source: string, start: number): number {
  let position = start + 1;
  while (position < source.length) {
    const char = source[position];
    if (char === "\\") position += 2;
    else if (char === "`") return position + 1;
    else if (char === "$" && source[position + 1] === "{") {
      let depth = 1;
      position += 2;
      while (position < source.length && depth > 0) {
        const inner = source[position] as string;
        if (inner === "{") depth += 1;
        else if (inner === "}") depth -= 1;
        else if (inner === '"' || inner === "'") {
          position = skipQuoted(source, position, inner);
          continue;
        } else if (inner === "`") {
          position = skipTemplate(source, position);
          continue;
        }
        position += 1;
      }
    } else position += 1;
  }
  return jsSyntaxError("unterminated template literal");
}
