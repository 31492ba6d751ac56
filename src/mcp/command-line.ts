/**
 * Splits a `--mcp "COMMAND ARGS"` value into a program and its arguments the way a POSIX shell
 * would for words and quotes only: white space separates words; single quotes keep text as is;
 * double quotes keep text but allow `\"` and `\\`; a backslash outside quotes escapes the next
 * character. No variables, globs or pipes: the command is started directly, never through a shell.
 */
import { EdgecallError } from "../errors.js";

/** The words of `text`. Throws `usage` on an unterminated quote or an empty command. */
export function splitCommandLine(text: string): string[] {
  const words: string[] = [];
  let current = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] as string;
    if (quote === "'") {
      if (character === "'") quote = undefined;
      else current += character;
    } else if (quote === '"') {
      if (character === '"') quote = undefined;
      else if (character === "\\" && (text[index + 1] === '"' || text[index + 1] === "\\")) {
        index += 1;
        current += text[index];
      } else current += character;
    } else if (character === "'" || character === '"') {
      quote = character;
      inWord = true;
    } else if (character === "\\" && index + 1 < text.length) {
      index += 1;
      current += text[index];
      inWord = true;
    } else if (/\s/.test(character)) {
      if (inWord) words.push(current);
      current = "";
      inWord = false;
    } else {
      current += character;
      inWord = true;
    }
  }
  if (quote !== undefined) {
    throw new EdgecallError("usage", `--mcp: unterminated ${quote} quote in "${text}"`, { subject: "--mcp" });
  }
  if (inWord) words.push(current);
  if (words.length === 0)
    throw new EdgecallError("usage", "--mcp: the command is empty", { subject: "--mcp" });
  return words;
}
