/**
 * The database of a policy domain: SQLite (better-sqlite3) in memory. A domain builds its seeded
 * database once per process (schema + seed rows) and serialises it; every sample, and every replay
 * of a task's gold actions, opens a fresh copy from those bytes, so samples never share state.
 * A snapshot is every table's rows in a canonical order, so two databases compare as equal exactly
 * when they hold the same rows.
 */
import Database from "better-sqlite3";
import { sha256Hex } from "../../sha256.js";

/** An open database of a domain. */
export type Db = Database.Database;

/** Every table's rows, tables by name, rows by key (rowid). */
export type DbSnapshot = Record<string, Record<string, unknown>[]>;

/** Builds a seeded database and returns its bytes (the template every copy is made from). */
export function buildTemplate(schema: string, seed: (db: Db) => void): Buffer {
  const db = new Database(":memory:");
  try {
    db.exec(schema);
    db.transaction(() => seed(db))();
    return db.serialize();
  } finally {
    db.close();
  }
}

/** A fresh, writable copy of a template. */
export function openCopy(template: Buffer): Db {
  return new Database(template);
}

/**
 * Every table's rows: tables by name, rows in rowid order (an update keeps a row's place; rows
 * are inserted by tools in the order the calls ran), columns in schema order.
 */
export function snapshotDb(db: Db): DbSnapshot {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  const snapshot: DbSnapshot = {};
  for (const { name } of tables) {
    snapshot[name] = db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as Record<string, unknown>[];
  }
  return snapshot;
}

/** A stable hash of a snapshot (its JSON: tables by name, columns in schema order). */
export function hashSnapshot(snapshot: unknown): string {
  return `sha256:${sha256Hex(JSON.stringify(snapshot))}`;
}

/** The tables (and row counts) where two snapshots differ; empty when they are equal. */
export function snapshotDifferences(actual: DbSnapshot, expected: DbSnapshot): string[] {
  const names = [...new Set([...Object.keys(actual), ...Object.keys(expected)])].sort();
  const differences: string[] = [];
  for (const name of names) {
    const left = (actual[name] ?? []).map((row) => JSON.stringify(row));
    const right = (expected[name] ?? []).map((row) => JSON.stringify(row));
    const rightSet = new Set(right);
    const leftSet = new Set(left);
    const extra = left.filter((row) => !rightSet.has(row));
    const missing = right.filter((row) => !leftSet.has(row));
    if (extra.length === 0 && missing.length === 0 && left.length === right.length) continue;
    const shown = missing[0] ?? extra[0] ?? "";
    differences.push(
      `${name}: ${missing.length} expected row(s) not found, ${extra.length} unexpected` +
        (shown === ""
          ? ""
          : ` (e.g. ${missing[0] !== undefined ? "expected" : "found"} ${shown.slice(0, 200)})`),
    );
  }
  return differences;
}
