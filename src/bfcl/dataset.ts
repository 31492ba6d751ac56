/**
 * The BFCL v4 data folder (`--bfcl-dir`): question files and possible answers, read lazily. A
 * category's files are split into lines and indexed by id on first use; an entry's function docs
 * and ground truth are parsed when it is first scored, then cached. Possible answers are read
 * with the lossless JSON reader (`3.0` stays a float); function docs with `JSON.parse`, since the
 * checker reads only names, type names and required lists from them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EdgecallError } from "../errors.js";
import { type BfclCategory, bfclDataFiles, bfclLanguage } from "./categories.js";
import type { BfclFunctionDoc, BfclLanguage, BfclParamDoc } from "./function-checker.js";
import { LosslessJsonError, parseLosslessJson } from "./lossless-json.js";
import { dictGet, type PyDict, type PyValue } from "./py-value.js";

/** One entry ready for checking. `groundTruth` is absent for (ir)relevance categories. */
export interface BfclEntry {
  id: string;
  category: BfclCategory;
  language: BfclLanguage;
  /** The function docs as published (plain JSON, parsed again on each use). */
  readonly rawFunctions: unknown[];
  readonly functions: BfclFunctionDoc[];
  groundTruth: PyDict[] | undefined;
}

interface CategoryIndex {
  ids: string[];
  lines: Map<string, { question: string; answer: string | undefined; lineNumber: number }>;
}

const idAtStart = /^\{\s*"id"\s*:\s*"([^"\\]*)"/;

function splitLines(text: string): string[] {
  const lines = text.split("\n");
  return text.includes("\r") ? lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line)) : lines;
}

/** Reads BFCL data from a folder; create once and reuse (entries are cached). */
export class BfclDataset {
  readonly directory: string;
  private readonly indexes = new Map<BfclCategory, CategoryIndex>();
  private readonly entries = new Map<string, BfclEntry>();
  private readonly docsByText = new Map<string, BfclFunctionDoc[]>();

  constructor(directory: string) {
    this.directory = directory;
  }

  /** Ids of a category, in file order. */
  ids(category: BfclCategory): readonly string[] {
    return this.index(category).ids;
  }

  /** True when the category has an entry with this id. */
  has(category: BfclCategory, id: string): boolean {
    return this.index(category).lines.has(id);
  }

  /** The parsed entry for `id`, or undefined when the category has no such id. */
  entry(category: BfclCategory, id: string): BfclEntry | undefined {
    const cached = this.entries.get(id);
    if (cached) return cached;
    const line = this.index(category).lines.get(id);
    if (!line) return undefined;
    const files = bfclDataFiles(category);
    // The full docs are not kept (they are large); the getter parses them again when asked.
    const readRawFunctions = (): unknown[] => {
      const question = this.parseLine(line.question, files.questions, line.lineNumber, JSON.parse) as {
        function?: unknown;
      };
      return Array.isArray(question.function) ? question.function : [];
    };
    // Docs are read on first use: (ir)relevance entries are judged without them.
    let functions: BfclFunctionDoc[] | undefined;
    const readFunctions = (): BfclFunctionDoc[] => {
      functions ??= this.functionDocs(line.question, () =>
        readRawFunctions().map((doc, index) =>
          toFunctionDoc(doc, `${files.questions}:${line.lineNumber} function ${index}`),
        ),
      );
      return functions;
    };
    const entry: BfclEntry = {
      id,
      category,
      language: bfclLanguage(category),
      get rawFunctions() {
        return readRawFunctions();
      },
      get functions() {
        return readFunctions();
      },
      groundTruth:
        line.answer === undefined
          ? undefined
          : groundTruthOf(
              this.parseLine(line.answer, files.answers ?? "", line.lineNumber, parseLosslessJson) as PyValue,
              `${files.answers}:${line.lineNumber}`,
            ),
    };
    this.entries.set(id, entry);
    return entry;
  }

  /**
   * The checker's docs for a question line. Many live entries share one doc list (live_multiple:
   * 351 distinct lists in 1053 entries), so docs are parsed once per distinct `function` text.
   */
  private functionDocs(question: string, parse: () => BfclFunctionDoc[]): BfclFunctionDoc[] {
    const keyAt = question.indexOf('"function": [');
    const text = keyAt < 0 ? undefined : question.slice(keyAt + 12, question.lastIndexOf("]") + 1);
    const cached = text === undefined ? undefined : this.docsByText.get(text);
    if (cached) return cached;
    const docs = parse();
    if (text !== undefined) this.docsByText.set(text, docs);
    return docs;
  }

  private parseLine<T>(text: string, file: string, lineNumber: number, parse: (text: string) => T): T {
    try {
      return parse(text);
    } catch (error) {
      if (error instanceof SyntaxError || error instanceof LosslessJsonError) {
        throw new EdgecallError(
          "invalid-json",
          `${join(this.directory, file)}:${lineNumber}: ${error.message}`,
          {
            subject: join(this.directory, file),
            cause: error,
          },
        );
      }
      throw error;
    }
  }

  private readText(file: string): string {
    const path = join(this.directory, file);
    try {
      return readFileSync(path, "utf8");
    } catch (error) {
      throw new EdgecallError(
        "file-not-found",
        `cannot read BFCL data file ${path} (is --bfcl-dir the BFCL data folder?)`,
        {
          subject: path,
          cause: error,
        },
      );
    }
  }

  private index(category: BfclCategory): CategoryIndex {
    const existing = this.indexes.get(category);
    if (existing) return existing;
    const files = bfclDataFiles(category);
    const questionLines = splitLines(this.readText(files.questions));
    const answerLines = files.answers === undefined ? undefined : splitLines(this.readText(files.answers));
    const index: CategoryIndex = { ids: [], lines: new Map() };
    let answerIndex = 0;
    const answers = answerLines?.filter((line) => line.trim() !== "");
    questionLines.forEach((question, position) => {
      if (question.trim() === "") return;
      const lineNumber = position + 1;
      const id = idAtStart.exec(question)?.[1] ?? this.idOf(question, files.questions, lineNumber);
      // BFCL pairs questions and possible answers by position, not by id.
      const answer = answers?.[answerIndex];
      answerIndex += 1;
      if (answers && answer === undefined) {
        throw new EdgecallError(
          "invalid-json",
          `${join(this.directory, files.answers ?? "")}: fewer possible answers than questions in ${files.questions}`,
        );
      }
      index.ids.push(id);
      index.lines.set(id, { question, answer, lineNumber });
    });
    this.indexes.set(category, index);
    return index;
  }

  private idOf(line: string, file: string, lineNumber: number): string {
    const parsed = this.parseLine(line, file, lineNumber, JSON.parse) as { id?: unknown };
    if (typeof parsed.id !== "string")
      throw new EdgecallError(
        "invalid-json",
        `${join(this.directory, file)}:${lineNumber}: entry has no string "id"`,
      );
    return parsed.id;
  }
}

/** Builds an entry from a function doc list and a parsed `ground_truth` list (or none). */
export function bfclEntryFromJson(
  id: string,
  category: BfclCategory,
  rawFunctions: unknown[],
  groundTruth: PyValue | undefined,
): BfclEntry {
  return {
    id,
    category,
    language: bfclLanguage(category),
    rawFunctions,
    functions: rawFunctions.map((doc, index) => toFunctionDoc(doc, `${id} function ${index}`)),
    groundTruth:
      groundTruth === undefined ? undefined : groundTruthOf(pyDictOf("ground_truth", groundTruth), id),
  };
}

function pyDictOf(key: string, value: PyValue): PyValue {
  return { kind: "dict", keys: [{ kind: "str", value: key }], values: [value] };
}

/** Reduces a function doc to what the checker reads; throws when it has no name. */
export function toFunctionDoc(doc: unknown, where: string): BfclFunctionDoc {
  const record = (doc ?? {}) as { name?: unknown; parameters?: { properties?: unknown; required?: unknown } };
  if (typeof record.name !== "string")
    throw new EdgecallError("invalid-json", `${where}: function doc has no "name"`);
  const properties = new Map<string, BfclParamDoc>();
  const rawProperties = record.parameters?.properties;
  if (rawProperties && typeof rawProperties === "object") {
    for (const [key, value] of Object.entries(rawProperties as Record<string, unknown>)) {
      const param = (value ?? {}) as { type?: unknown; items?: { type?: unknown } };
      properties.set(key, {
        type: param.type,
        itemsType: param.items?.type,
        hasItems: param.items !== undefined,
      });
    }
  }
  const required = record.parameters?.required;
  return {
    name: record.name,
    properties,
    required: Array.isArray(required)
      ? required.filter((item): item is string => typeof item === "string")
      : [],
  };
}

function groundTruthOf(answerLine: PyValue, where: string): PyDict[] {
  const truth = answerLine.kind === "dict" ? dictGet(answerLine, "ground_truth") : undefined;
  if (truth?.kind !== "list" || !truth.items.every((item) => item.kind === "dict"))
    throw new EdgecallError(
      "invalid-json",
      `${where}: "ground_truth" is not a list of {function: {param: [options]}}`,
    );
  return truth.items as PyDict[];
}
