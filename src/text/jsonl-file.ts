/**
 * Reading a JSON Lines file with the one reader (src/text/jsonl-lines.ts): the size bound is
 * checked on the file's size before it is read, a file that cannot be read is a `file-not-found`
 * EdgecallError naming it, and every line error names `file:line`.
 */
import { readFileSync, statSync } from "node:fs";
import { EdgecallError } from "../errors.js";
import {
  defaultJsonlMaxBytes,
  type JsonlLine,
  type JsonlOptions,
  type JsonlProblem,
  jsonlTooLarge,
  parseJsonl,
} from "./jsonl-lines.js";

/** How a JSON Lines file is read. */
export interface JsonlFileOptions<T> extends JsonlOptions<T> {
  /** The message when the file cannot be read (default `cannot read PATH`). */
  notFound?: string;
  /** The error for a line that does not parse (default: `invalid-json`, `file:line: not valid JSON: ...`). */
  problemError?: (problem: JsonlProblem) => Error;
}

/**
 * The text of `path`, refused before reading when over `maxBytes` (default
 * {@link defaultJsonlMaxBytes}). Throws `file-not-found` when it cannot be read.
 */
export function readBoundedText(path: string, maxBytes = defaultJsonlMaxBytes, notFound?: string): string {
  try {
    const { size } = statSync(path);
    if (size > maxBytes) throw jsonlTooLarge(path, size, maxBytes);
    return readFileSync(path, "utf8");
  } catch (error) {
    if (error instanceof EdgecallError) throw error;
    throw new EdgecallError("file-not-found", notFound ?? `cannot read ${path}`, {
      subject: path,
      cause: error,
    });
  }
}

/** Every non-blank line of the JSON Lines file `path`, parsed, in file order; errors name `path:line`. */
export function readJsonlFile<T = unknown>(path: string, options: JsonlFileOptions<T> = {}): JsonlLine<T>[] {
  return parseJsonl(readBoundedText(path, options.maxBytes, options.notFound), path, options);
}
