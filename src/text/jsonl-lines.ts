/**
 * The one JSON Lines reader: text split into lines (`\n`, a trailing `\r` dropped), blank lines
 * skipped, each other line parsed (JSON.parse, or the caller's parser: lossless JSON, Python-typed
 * JSON), and every line and every problem named by `file:line` (1-based, counting blank lines),
 * so an error points at the line to fix. The text has a size bound (default
 * {@link defaultJsonlMaxBytes}) checked before anything is parsed.
 *
 * {@link parseJsonl} throws at the first bad line (an `invalid-json` EdgecallError, or the error
 * the caller makes of it); {@link scanJsonl} never throws for a bad line and returns the problems
 * beside the good lines (for files whose bad lines are reported, not fatal). Reading the file, with
 * the bound checked before reading, is src/text/jsonl-file.ts.
 */
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";

/** The most bytes a JSONL text may have unless a caller says otherwise: 256 MiB (V8's longest string is about 512 MiB). */
export const defaultJsonlMaxBytes = 256 * 2 ** 20;

/** One parsed line. */
export interface JsonlLine<T = unknown> {
  /** 1-based line number in the file, blank lines counted. */
  line: number;
  /** `source:line`: what error messages name. */
  where: string;
  /** The line's text (without `\r`). */
  text: string;
  value: T;
}

/** A line that did not parse. */
export interface JsonlProblem {
  line: number;
  where: string;
  text: string;
  /** The parser's message. */
  message: string;
  cause: unknown;
}

/** How a JSONL text is read. */
export interface JsonlOptions<T> {
  /** Parses one line's text (default JSON.parse); throws for a bad line. */
  parse?: (text: string) => T;
  /** Most bytes of the text (default {@link defaultJsonlMaxBytes}). */
  maxBytes?: number;
}

/** `source:line`, the place a line is named by. */
export function jsonlWhere(source: string, line: number): string {
  return `${source}:${line}`;
}

/** The `invalid-argument` error for a text or file over `maxBytes` bytes. */
export function jsonlTooLarge(source: string, bytes: number, maxBytes: number): EdgecallError {
  return new EdgecallError(
    "invalid-argument",
    `${source}: ${bytes} bytes, over the ${maxBytes} bytes a JSON Lines file may have here`,
    { subject: source },
  );
}

/** The default error for a line that does not parse: `invalid-json`, `file:line: not valid JSON: reason`. */
export function jsonlLineError(problem: JsonlProblem): EdgecallError {
  return new EdgecallError("invalid-json", `${problem.where}: not valid JSON: ${problem.message}`, {
    subject: problem.where,
    cause: problem.cause,
  });
}

function checkSize(text: string, source: string, maxBytes: number): void {
  // A UTF-16 unit is at most 3 UTF-8 bytes: count exactly only when it may matter.
  if (text.length * 3 <= maxBytes) return;
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > maxBytes) throw jsonlTooLarge(source, bytes, maxBytes);
}

/**
 * Every non-blank line of `text` (from `source`, a path or a name), parsed, and the lines that did
 * not parse, each in file order. Throws only when the text is over the size bound.
 */
export function scanJsonl<T = unknown>(
  text: string,
  source: string,
  options: JsonlOptions<T> = {},
): { lines: JsonlLine<T>[]; problems: JsonlProblem[] } {
  checkSize(text, source, options.maxBytes ?? defaultJsonlMaxBytes);
  const parse = options.parse ?? ((line: string) => JSON.parse(line) as T);
  const lines: JsonlLine<T>[] = [];
  const problems: JsonlProblem[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = index + 1;
    const lineText = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (lineText.trim() === "") return;
    const where = jsonlWhere(source, line);
    try {
      lines.push({ line, where, text: lineText, value: parse(lineText) });
    } catch (error) {
      problems.push({ line, where, text: lineText, message: errorMessage(error), cause: error });
    }
  });
  return { lines, problems };
}

/**
 * Every non-blank line of `text` parsed, in file order. Throws at the first line that does not
 * parse: `problemError(problem)` when given (a caller's own error text), else {@link jsonlLineError};
 * and for a text over the size bound ({@link jsonlTooLarge}).
 */
export function parseJsonl<T = unknown>(
  text: string,
  source: string,
  options: JsonlOptions<T> & { problemError?: (problem: JsonlProblem) => Error } = {},
): JsonlLine<T>[] {
  const { lines, problems } = scanJsonl(text, source, options);
  const first = problems[0];
  if (first !== undefined) throw (options.problemError ?? jsonlLineError)(first);
  return lines;
}
