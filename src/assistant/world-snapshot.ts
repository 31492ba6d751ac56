/**
 * World snapshots: every table's rows (sorted by primary key) and the sandbox's file tree with
 * sha256 content hashes, as one canonical JSON value. Snapshots hash (sha256 of the canonical
 * JSON) and diff (rows and files added, removed, changed), which is how evals check what an agent
 * did to the world.
 */
import { canonicalJson } from "../canonical-json.js";
import { sha256Hex } from "../sha256.js";
import type { AssistantState } from "./world.js";
import { worldTables } from "./world-schema.js";

/** One table row, column name to stored value. */
export type WorldRow = Record<string, string | number | null>;

/** One sandbox entry in a snapshot. */
export type FileRecord =
  | { type: "file"; size: number; sha256: string }
  | { type: "folder" }
  | { type: "symlink"; target: string }
  | { type: "other" };

/** A world's whole state as plain JSON. */
export interface WorldSnapshot {
  tables: Record<string, WorldRow[]>;
  files: Record<string, FileRecord>;
}

/** Reads every table and the file tree. */
export function snapshotWorld(state: AssistantState): WorldSnapshot {
  const tables: Record<string, WorldRow[]> = {};
  for (const table of worldTables) {
    tables[table.name] = state.db
      .prepare(`SELECT * FROM ${table.name} ORDER BY ${table.key}`)
      .all() as WorldRow[];
  }
  const files: Record<string, FileRecord> = {};
  for (const entry of state.sandbox.walk(".", Number.POSITIVE_INFINITY)) {
    if (entry.type === "file") files[entry.path] = { type: "file", ...state.sandbox.hash(entry.path) };
    else if (entry.type === "symlink")
      files[entry.path] = { type: "symlink", target: state.sandbox.linkTarget(entry.path) };
    else files[entry.path] = { type: entry.type };
  }
  return { tables, files };
}

/** sha256 (hex) of a snapshot's canonical JSON; takes a state or a snapshot. */
export function hashWorld(world: AssistantState | WorldSnapshot): string {
  const snapshot =
    "tables" in world && "files" in world ? (world as WorldSnapshot) : snapshotWorld(world as AssistantState);
  return sha256Hex(canonicalJson(snapshot));
}

/** What changed in one table. */
export interface TableDiff {
  added: WorldRow[];
  removed: WorldRow[];
  changed: { key: string; columns: string[]; before: WorldRow; after: WorldRow }[];
}

/** What changed between two snapshots; `equal` when nothing did. */
export interface WorldDiff {
  equal: boolean;
  /** Only tables with changes. */
  tables: Record<string, TableDiff>;
  files: { added: string[]; removed: string[]; changed: string[] };
}

/** Rows and files added, removed and changed from `before` to `after`. */
export function diffWorlds(before: WorldSnapshot, after: WorldSnapshot): WorldDiff {
  const tables: Record<string, TableDiff> = {};
  const names = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  for (const name of [...names].sort()) {
    const key = worldTables.find((table) => table.name === name)?.key ?? "id";
    const index = (rows: WorldRow[] | undefined) =>
      new Map((rows ?? []).map((row) => [String(row[key]), row]));
    const old = index(before.tables[name]);
    const current = index(after.tables[name]);
    const diff: TableDiff = { added: [], removed: [], changed: [] };
    for (const [id, row] of current) if (!old.has(id)) diff.added.push(row);
    for (const [id, row] of old) {
      const next = current.get(id);
      if (next === undefined) {
        diff.removed.push(row);
        continue;
      }
      const columns = [...new Set([...Object.keys(row), ...Object.keys(next)])].filter(
        (column) => canonicalJson(row[column]) !== canonicalJson(next[column]),
      );
      if (columns.length > 0)
        diff.changed.push({ key: id, columns: columns.sort(), before: row, after: next });
    }
    if (diff.added.length + diff.removed.length + diff.changed.length > 0) tables[name] = diff;
  }
  const files = { added: [] as string[], removed: [] as string[], changed: [] as string[] };
  for (const path of Object.keys(after.files).sort()) {
    const old = before.files[path];
    if (old === undefined) files.added.push(path);
    else if (canonicalJson(old) !== canonicalJson(after.files[path])) files.changed.push(path);
  }
  for (const path of Object.keys(before.files).sort()) if (!(path in after.files)) files.removed.push(path);
  const equal =
    Object.keys(tables).length === 0 &&
    files.added.length + files.removed.length + files.changed.length === 0;
  return { equal, tables, files };
}
