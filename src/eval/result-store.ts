/**
 * The durable results store of a run directory: SQLite (WAL journal) holding one row per finished
 * (sample id, repeat), committed the moment the sample finishes. A UNIQUE constraint on
 * (sample id, repeat) makes a second write of the same result impossible. WAL with
 * `synchronous=NORMAL` survives a killed process (kill -9) with every committed row intact; after a
 * power cut the last commits may be lost, and `--resume` simply redoes them.
 */
import Database from "better-sqlite3";
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";
import { attemptKey } from "./paired-attempts.js";
import type { SampleResult } from "./sample-result.js";

/** File name of the store inside a run directory. */
export const resultStoreFile = "results.sqlite";

const schema = `
CREATE TABLE IF NOT EXISTS results (
  sample_id TEXT NOT NULL,
  repeat INTEGER NOT NULL,
  ordinal INTEGER NOT NULL,
  suite TEXT NOT NULL,
  category TEXT NOT NULL,
  passed INTEGER NOT NULL,
  record TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  UNIQUE (sample_id, repeat)
);
`;

/**
 * A result as the store keeps it and gives it back (and results.jsonl writes it): its JSON form,
 * fields holding `undefined` left out. Results kept in memory in this form equal those read back.
 */
export function storedForm(result: SampleResult): SampleResult {
  return JSON.parse(JSON.stringify(result)) as SampleResult;
}

/** The order of {@link ResultStore.all}: by ordinal, then repeat, then id as SQLite compares text (UTF-8 bytes). */
export function compareStoreOrder(a: SampleResult, b: SampleResult): number {
  if (a.ordinal !== b.ordinal) return a.ordinal - b.ordinal;
  if (a.repeat !== b.repeat) return a.repeat - b.repeat;
  return Buffer.compare(Buffer.from(a.id, "utf8"), Buffer.from(b.id, "utf8"));
}

/** Key of one result. */
export interface ResultKey {
  id: string;
  repeat: number;
}

/** Opens (creating if needed) the store at `path`. */
export class ResultStore {
  private readonly database: Database.Database;
  private readonly insertStatement: Database.Statement;

  private constructor(readonly path: string) {
    try {
      this.database = new Database(path);
      this.database.pragma("journal_mode = WAL");
      this.database.pragma("synchronous = NORMAL");
      this.database.pragma("busy_timeout = 5000");
      this.database.exec(schema);
    } catch (error) {
      const reason = errorMessage(error);
      throw new EdgecallError("invalid-argument", `cannot open the results store ${path}: ${reason}`, {
        subject: path,
        cause: error,
      });
    }
    this.insertStatement = this.database.prepare(
      "INSERT INTO results (sample_id, repeat, ordinal, suite, category, passed, record, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
  }

  /** Opens or creates the store file. */
  static open(path: string): ResultStore {
    return new ResultStore(path);
  }

  /**
   * Commits one result. Returns false (writing nothing) when a result with the same
   * (id, repeat) is already stored, e.g. by another process resuming the same run.
   */
  insert(result: SampleResult): boolean {
    try {
      this.insertStatement.run(
        result.id,
        result.repeat,
        result.ordinal,
        result.suite,
        result.category,
        result.passed ? 1 : 0,
        JSON.stringify(result),
        new Date().toISOString(),
      );
      return true;
    } catch (error) {
      if ((error as { code?: unknown }).code === "SQLITE_CONSTRAINT_UNIQUE") return false;
      throw error;
    }
  }

  /** Commits results in one transaction (`edgecall merge`); those already stored are left as they are. */
  insertAll(results: readonly SampleResult[]): void {
    this.database.transaction((items: readonly SampleResult[]) => {
      for (const result of items) this.insert(result);
    })(results);
  }

  /** Keys of every stored result, as `id\u0000repeat` strings (see {@link attemptKey}). */
  keys(): Set<string> {
    const rows = this.database.prepare("SELECT sample_id, repeat FROM results").all() as {
      sample_id: string;
      repeat: number;
    }[];
    return new Set(rows.map((row) => attemptKey({ id: row.sample_id, repeat: row.repeat })));
  }

  /** Number of stored results. */
  count(): number {
    return (this.database.prepare("SELECT COUNT(*) AS n FROM results").get() as { n: number }).n;
  }

  /**
   * Every stored result, given `known`: the results this process committed or read from the store
   * (in any order, as the store gives them back: see {@link storedForm}). When the store holds no
   * other (it holds as many), they are returned in the order of {@link all} without reading the
   * store; else (another process committed results meanwhile) every stored result is read back.
   */
  allKnowing(known: readonly SampleResult[]): SampleResult[] {
    if (this.count() !== known.length) return this.all();
    return [...known].sort(compareStoreOrder);
  }

  /** Every stored result in plan order: by ordinal, then repeat. */
  all(): SampleResult[] {
    const rows = this.database
      .prepare("SELECT record FROM results ORDER BY ordinal, repeat, sample_id")
      .all() as {
      record: string;
    }[];
    return rows.map((row) => JSON.parse(row.record) as SampleResult);
  }

  /** Deletes the results of these keys (used by `--retry-errors`); returns how many went. */
  remove(keys: readonly ResultKey[]): number {
    const statement = this.database.prepare("DELETE FROM results WHERE sample_id = ? AND repeat = ?");
    const removeAll = this.database.transaction((items: readonly ResultKey[]) => {
      let removed = 0;
      for (const key of items) removed += statement.run(key.id, key.repeat).changes;
      return removed;
    });
    return removeAll(keys);
  }

  /** Closes the database (checkpointing the WAL). Idempotent. */
  close(): void {
    if (this.database.open) this.database.close();
  }
}
