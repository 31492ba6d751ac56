/**
 * An assistant world on disk: `world.sqlite` (better-sqlite3, WAL, synchronous=FULL) beside the
 * `files/` sandbox folder, under one state folder. The world's clock is fixed (`meta.now`) so the
 * same calls on the same fixture always give the same state. A world is built in a private temporary
 * folder and renamed into place, so two processes opening a new state folder at once never see a
 * half-made world.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { errorMessage } from "../error-message.js";
import { EdgecallError } from "../errors.js";
import { assistantDataPath } from "./data-path.js";
import { Sandbox } from "./sandbox.js";
import { defaultStateDir } from "./state-dir.js";
import { parseWorldFixture, type WorldFixture, type WorldFixtureInput } from "./world-fixture.js";
import { loadFixture, upgradeWorldSchema, worldTables } from "./world-schema.js";

/** The file name of a world's database inside its state folder. */
export const worldDatabaseName = "world.sqlite";
/** The sandbox folder's name inside a state folder. */
export const worldFilesName = "files";

/** The user the world belongs to. */
export interface WorldUser {
  name: string;
  email: string;
  timeZone: string;
}

/** An open world: its database, its sandbox and its clock. Close it when done. */
export class AssistantState {
  readonly dir: string;
  readonly db: Database.Database;
  readonly sandbox: Sandbox;

  /**
   * Opens the world in `dir`; a file that is not a world (damaged, not SQLite) is an error naming it.
   * `durable: false` skips fsync (synchronous=OFF): for throwaway worlds such as an eval sample's,
   * which a crash may lose without harm.
   */
  constructor(dir: string, options: { durable?: boolean } = {}) {
    this.dir = dir;
    const path = join(dir, worldDatabaseName);
    let db: Database.Database | undefined;
    try {
      db = new Database(path, { fileMustExist: true });
      db.pragma("journal_mode = WAL");
      db.pragma(options.durable === false ? "synchronous = OFF" : "synchronous = FULL");
      db.pragma("busy_timeout = 5000");
      db.prepare("SELECT value FROM meta LIMIT 1").get();
      upgradeWorldSchema(db);
    } catch (error) {
      db?.close();
      const reason = errorMessage(error);
      throw new EdgecallError(
        "invalid-argument",
        `the assistant world ${path} cannot be used: ${reason} (move it away to start again from the default world)`,
        { subject: path, cause: error },
      );
    }
    this.db = db;
    this.sandbox = new Sandbox(join(dir, worldFilesName), { durable: options.durable !== false });
  }

  /** A `meta` value. */
  meta(key: string): string | undefined {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as
      | { value: string }
      | undefined;
    return row?.value;
  }

  /** Sets (or with `undefined` removes) a `meta` value. */
  setMeta(key: string, value: string | undefined): void {
    if (value === undefined) this.db.prepare("DELETE FROM meta WHERE key = ?").run(key);
    else
      this.db
        .prepare(
          "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        )
        .run(key, value);
  }

  /** The world's current instant (fixed by the fixture). */
  now(): Date {
    return new Date(this.meta("now") ?? "2025-01-01T00:00:00Z");
  }

  /** The user's name, address and home time zone. */
  user(): WorldUser {
    return {
      name: this.meta("user_name") ?? "User",
      email: this.meta("user_email") ?? "user@example.com",
      timeZone: this.meta("time_zone") ?? "UTC",
    };
  }

  /**
   * A new id `PREFIX-NNNN` not yet used in `table`. Numbering continues from a per-prefix counter,
   * so ids are deterministic for a given sequence of calls.
   */
  nextId(prefix: string, table: string, column = "id"): string {
    const counterKey = `counter:${prefix}`;
    let counter = Number(this.meta(counterKey) ?? "0");
    const exists = this.db.prepare(`SELECT 1 FROM ${table} WHERE ${column} = ?`);
    let id: string;
    do {
      counter += 1;
      id = `${prefix}-${String(counter).padStart(4, "0")}`;
    } while (exists.get(id) !== undefined);
    this.setMeta(counterKey, String(counter));
    return id;
  }

  /** Runs `work` in one transaction. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  /** Closes the database (checkpointing the WAL). */
  close(): void {
    if (this.db.open) this.db.close();
  }
}

/**
 * Starts each id counter (`counter:<prefix>` in `meta`) above the highest `<prefix>-<number>` id
 * the fixture holds in any table, so an id is never handed out twice: deleting a fixture row and
 * creating a new one gives the new one a new id (a diff then shows a removal and an addition, not
 * a changed row).
 */
function seedIdCounters(db: Database.Database): void {
  const highest = new Map<string, number>();
  for (const table of worldTables) {
    const rows = db.prepare(`SELECT ${table.key} AS key FROM ${table.name}`).all() as { key: unknown }[];
    for (const { key } of rows) {
      const match = typeof key === "string" ? /^([a-z]+)-(\d+)$/.exec(key) : null;
      if (match === null) continue;
      const number = Number(match[2]);
      if (number > (highest.get(match[1]!) ?? 0)) highest.set(match[1]!, number);
    }
  }
  const insert = db.prepare(
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
  );
  for (const [prefix, number] of highest) insert.run(`counter:${prefix}`, String(number));
}

/** Reads the default world fixture shipped in data/assistant/fixtures/default-world.json. */
export function defaultWorldFixture(): WorldFixture {
  const path = assistantDataPath("fixtures", "default-world.json");
  return parseWorldFixture(JSON.parse(readFileSync(path, "utf8")), path);
}

function resolveFixture(fixture: WorldFixtureInput | WorldFixture | string | undefined): WorldFixture {
  if (fixture === undefined) return defaultWorldFixture();
  if (typeof fixture === "string") {
    let text: string;
    try {
      text = readFileSync(fixture, "utf8");
    } catch {
      throw new EdgecallError("file-not-found", `world fixture not found: ${fixture}`, { subject: fixture });
    }
    try {
      return parseWorldFixture(JSON.parse(text), fixture);
    } catch (error) {
      if (error instanceof SyntaxError) {
        throw new EdgecallError("invalid-json", `world fixture ${fixture} is not JSON: ${error.message}`, {
          subject: fixture,
        });
      }
      throw error;
    }
  }
  return parseWorldFixture(fixture, "(fixture object)");
}

/**
 * Creates a fresh world in `dir` from a fixture (an object, a JSON file path, or the default
 * world). Throws `invalid-argument` when `dir` already holds a world.
 */
export function createWorld(
  dir: string,
  fixture?: WorldFixtureInput | WorldFixture | string,
  options: { durable?: boolean } = {},
): AssistantState {
  const parsed = resolveFixture(fixture);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new EdgecallError(
      "file-not-found",
      `cannot create the state folder ${dir}: ${(error as Error).message}`,
      { subject: dir, cause: error },
    );
  }
  if (existsSync(join(dir, worldDatabaseName))) {
    throw new EdgecallError("invalid-argument", `a world already exists in ${dir}`, { subject: dir });
  }
  const building = join(dir, `.building-${randomBytes(6).toString("hex")}`);
  mkdirSync(join(building, worldFilesName), { recursive: true });
  try {
    const db = new Database(join(building, worldDatabaseName));
    try {
      db.pragma("journal_mode = WAL");
      if (options.durable === false) db.pragma("synchronous = OFF");
      loadFixture(db, parsed);
      seedIdCounters(db);
    } finally {
      db.close();
    }
    const sandbox = new Sandbox(join(building, worldFilesName), { durable: options.durable !== false });
    for (const path of Object.keys(parsed.files).sort())
      sandbox.write(path, parsed.files[path] ?? "", "fail");
    try {
      renameSync(join(building, worldFilesName), join(dir, worldFilesName));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
      throw new EdgecallError("invalid-argument", `a world already exists (or is being made) in ${dir}`, {
        subject: dir,
      });
    }
    renameSync(join(building, worldDatabaseName), join(dir, worldDatabaseName));
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return new AssistantState(dir, options);
}

/**
 * Opens the world in `dir` (default: {@link defaultStateDir}), seeding the default world on first
 * use. Waits briefly when another process is seeding the same folder.
 */
export function openWorld(dir: string = defaultStateDir()): AssistantState {
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new EdgecallError("invalid-argument", `the state folder ${dir} is a file, not a folder`, {
      subject: dir,
    });
  }
  if (existsSync(join(dir, worldDatabaseName))) return new AssistantState(dir);
  try {
    return createWorld(dir);
  } catch (error) {
    if (!(error instanceof EdgecallError) || error.code !== "invalid-argument") throw error;
  }
  const deadline = Date.now() + 10_000;
  while (!existsSync(join(dir, worldDatabaseName))) {
    if (Date.now() > deadline) {
      throw new EdgecallError(
        "internal",
        `timed out waiting for another process to create the world in ${dir}`,
        {
          subject: dir,
        },
      );
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  return new AssistantState(dir);
}
