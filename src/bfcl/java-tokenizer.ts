/**
 * Tokens of the Java subset BFCL prompt-mode replies use (names, keywords, number / string / char
 * literals, operators), as leaf nodes of the tree {@link parseJavaProgram} builds.
 */
import { PythonDecodeError } from "./python-tokenizer.js";

/** A node: tree-sitter type, extent, children, and the fields BFCL reads. */
export interface JavaNode {
  type: string;
  start: number;
  end: number;
  children: JavaNode[];
  fields?: { name?: JavaNode; object?: JavaNode; arguments?: JavaNode; type?: JavaNode; value?: JavaNode };
}

const operators =
  ">>>= <<= >>= >>> ... -> :: ++ -- && || == != <= >= += -= *= /= &= |= ^= %= << >> ( ) { } [ ] ; , . @ = > < ! ~ ? : + - * / & | ^ %".split(
    " ",
  );
export const primitiveTypes = new Set([..."byte short int long float double boolean char void".split(" ")]);
const reserved = new Set([
  ..."abstract assert break case catch class const continue default do else enum extends final finally for goto if implements import instanceof interface native new package private protected public return static strictfp super switch synchronized this throw throws transient try volatile while true false null".split(
    " ",
  ),
  ...primitiveTypes,
]);
/** Binary operators by precedence level, loosest first (level = index + 1). */
export const binaryPrecedence: Readonly<Record<string, number>> = Object.fromEntries(
  ["||", "&&", "|", "^", "&", "== !=", "< > <= >= instanceof", "<< >> >>>", "+ -", "* / %"].flatMap(
    (level, index) => level.split(" ").map((operator) => [operator, index + 1]),
  ),
);
export const assignmentOperators = new Set([..."= += -= *= /= &= |= ^= %= <<= >>= >>>=".split(" ")]);
const nameStart = /[\p{L}$_]/u;
const namePart = /[\p{L}\p{N}$_]/u;
const numberPattern =
  /(?:0[xX][0-9a-fA-F_]*(?:\.[0-9a-fA-F_]*)?(?:[pP][+-]?\d+)?|0[bB][01_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?)[lLfFdD]?/y;

/** A token: a leaf node and whether a line break precedes it. */
export interface JavaToken {
  node: JavaNode;
  newlineBefore: boolean;
}

/** Raises a Java syntax error (tree-sitter would produce an ERROR node). */
export function javaSyntaxError(message: string): never {
  throw new PythonDecodeError(`Java syntax error: ${message}`);
}

/** A leaf node. */
export function leaf(type: string, start: number, end: number): JavaNode {
  return { type, start, end, children: [] };
}

/** Splits Java source into tokens. */
export function tokenizeJava(source: string): JavaToken[] {
  const tokens: JavaToken[] = [];
  let position = 0;
  let newlineBefore = false;
  while (position < source.length) {
    const char = source[position] as string;
    if (char === "\n" || char === "\r") {
      newlineBefore = true;
      position += 1;
      continue;
    }
    if (char === " " || char === "\t" || char === "\f") {
      position += 1;
      continue;
    }
    if (source.startsWith("//", position)) {
      while (position < source.length && source[position] !== "\n") position += 1;
      continue;
    }
    if (source.startsWith("/*", position)) {
      const close = source.indexOf("*/", position + 2);
      if (close < 0) javaSyntaxError("unterminated comment");
      position = close + 2;
      continue;
    }
    const start = position;
    let type: string;
    if (source.startsWith('"""', position)) {
      const close = source.indexOf('"""', position + 3);
      if (close < 0) javaSyntaxError("unterminated text block");
      position = close + 3;
      type = "string_literal";
    } else if (char === '"' || char === "'") {
      position += 1;
      while (position < source.length && source[position] !== char) {
        if (source[position] === "\n") javaSyntaxError("unterminated literal");
        position += source[position] === "\\" ? 2 : 1;
      }
      if (position >= source.length) javaSyntaxError("unterminated literal");
      position += 1;
      type = char === '"' ? "string_literal" : "character_literal";
      if (type === "character_literal" && position - start < 3) javaSyntaxError("empty character literal");
    } else if (/[0-9]/.test(char) || (char === "." && /[0-9]/.test(source[position + 1] ?? ""))) {
      numberPattern.lastIndex = position;
      const literal = numberPattern.exec(source)?.[0] ?? char;
      position += literal.length;
      if (namePart.test(source[position] ?? "")) javaSyntaxError("identifier directly after a number");
      type =
        /[.eEfFdD]/.test(literal) && !/^0[xX]/.test(literal)
          ? "decimal_floating_point_literal"
          : "decimal_integer_literal";
    } else if (nameStart.test(char)) {
      position += 1;
      while (position < source.length && namePart.test(source[position] as string)) position += 1;
      const word = source.slice(start, position);
      type =
        word === "true" || word === "false"
          ? word
          : word === "null"
            ? "null_literal"
            : reserved.has(word)
              ? word
              : "identifier";
    } else {
      const operator = operators.find((candidate) => source.startsWith(candidate, position));
      if (!operator) javaSyntaxError(`unexpected character ${JSON.stringify(char)}`);
      position += operator.length;
      type = operator;
    }
    tokens.push({ node: leaf(type, start, position), newlineBefore });
    newlineBefore = false;
  }
  tokens.push({ node: leaf("end", source.length, source.length), newlineBefore: true });
  return tokens;
}
