/**
 * The questions of a BFCL single-turn category: each entry's `question` (a list of turns, each a
 * list of `{role, content}` messages) flattened into chat messages, plus the sha256 of the
 * category's data files, which is the suite's version (a changed data folder is a new suite).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type BfclCategory, bfclDataFiles } from "../bfcl/categories.js";
import { EdgecallError } from "../errors.js";
import type { ChatMessage } from "../messages.js";
import { parseJsonl } from "../text/jsonl-lines.js";

/** One question: id and messages in order. */
export interface BfclQuestion {
  id: string;
  messages: ChatMessage[];
}

function readData(directory: string, file: string): string {
  const path = join(directory, file);
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new EdgecallError(
      "file-not-found",
      `cannot read BFCL data file ${path} (is --bfcl-dir the BFCL v4 data folder?)`,
      {
        subject: path,
        cause: error,
      },
    );
  }
}

function toMessage(raw: unknown, where: string): ChatMessage {
  const record = (raw ?? {}) as { role?: unknown; content?: unknown };
  const content = typeof record.content === "string" ? record.content : JSON.stringify(record.content ?? "");
  if (record.role === "system" || record.role === "user" || record.role === "assistant")
    return { role: record.role, content };
  throw new EdgecallError(
    "invalid-json",
    `${where}: unsupported message role ${JSON.stringify(record.role)}`,
    { subject: where },
  );
}

/** Reads every question of a category, in file order. */
export function readBfclQuestions(directory: string, category: BfclCategory): BfclQuestion[] {
  const file = bfclDataFiles(category).questions;
  const questions: BfclQuestion[] = [];
  for (const { where, value } of parseJsonl(readData(directory, file), join(directory, file))) {
    const parsed = value as { id?: unknown; question?: unknown };
    if (typeof parsed.id !== "string" || !Array.isArray(parsed.question))
      throw new EdgecallError("invalid-json", `${where}: expected {"id": str, "question": [[messages]]}`, {
        subject: where,
      });
    const messages = (parsed.question as unknown[]).flatMap((turn) =>
      Array.isArray(turn) ? turn.map((message) => toMessage(message, where)) : [toMessage(turn, where)],
    );
    questions.push({ id: parsed.id, messages });
  }
  return questions;
}

/**
 * `bfcl-v4+sha256:<first 16 hex>` of data files of the BFCL folder (each file's relative name, a
 * NUL, then its content, in order): the version of every BFCL suite.
 */
export function bfclDataVersion(directory: string, files: readonly string[]): string {
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(file);
    hash.update("\u0000");
    hash.update(readData(directory, file));
  }
  return `bfcl-v4+sha256:${hash.digest("hex").slice(0, 16)}`;
}

/** The version of a single-turn category: its question and possible-answer files. */
export function bfclSuiteVersion(directory: string, category: BfclCategory): string {
  const files = bfclDataFiles(category);
  return bfclDataVersion(
    directory,
    [files.questions, files.answers].filter((file): file is string => file !== undefined),
  );
}
