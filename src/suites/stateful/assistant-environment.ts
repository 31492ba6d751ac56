/**
 * The assistant world as an eval environment: each sample gets a fresh world (world.sqlite and the
 * files/ sandbox) in its own temporary folder, made from the seeded default world plus the
 * scenario's changes, with every assistant tool over it; closing it removes the folder. Snapshots
 * are the world snapshot (every row, every file's hash) plus the text of files up to 64 KiB, so
 * predicates can read what was written.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type AssistantRegistryOptions,
  createAssistantRegistry,
} from "../../assistant/assistant-registry.js";
import { AssistantState, createWorld, defaultWorldFixture } from "../../assistant/world.js";
import { parseWorldFixture, type WorldFixture } from "../../assistant/world-fixture.js";
import { hashWorld, snapshotWorld, type WorldSnapshot } from "../../assistant/world-snapshot.js";
import { canonicalJson } from "../../canonical-json.js";
import { errorMessage } from "../../error-message.js";
import { EdgecallError } from "../../errors.js";
import type { Environment } from "../../eval/environment.js";
import type { Sample } from "../../eval/suite.js";
import { sha256Hex } from "../../sha256.js";

/** Largest file whose text a snapshot keeps. */
export const snapshotTextLimitBytes = 64 * 1024;

/** A snapshot of an assistant world with the text of its small files. */
export interface AssistantWorldState extends WorldSnapshot {
  texts: Record<string, string>;
}

/** The lists of a fixture that scenario changes append to. */
const listKeys = [
  "contacts",
  "events",
  "emails",
  "alarms",
  "catalog",
  "paymentMethods",
  "orders",
  "cart",
] as const;

function rowId(row: unknown): string {
  const { id, itemId } = row as { id?: unknown; itemId?: unknown };
  return String(id ?? itemId);
}

/** Applies `replace` to `base` (see {@link worldWithChanges}). */
function replaceRows(base: Record<string, unknown>, replace: unknown, source: string): void {
  if (replace === undefined) return;
  const bad = (field: string, why: string): EdgecallError =>
    new EdgecallError("invalid-argument", `${source}: world.replace${field}: ${why}`, { subject: source });
  if (typeof replace !== "object" || replace === null) throw bad("", "must be {list: [rows]}");
  for (const [key, rows] of Object.entries(replace)) {
    const seeded = base[key];
    if (!Array.isArray(seeded) || !Array.isArray(rows)) throw bad(`.${key}`, "not a list of the world");
    const updated = [...seeded];
    rows.forEach((row, index) => {
      const at = updated.findIndex((candidate) => rowId(candidate) === rowId(row));
      if (at < 0) throw bad(`.${key}.${index}`, `no seeded row "${rowId(row)}"`);
      updated[at] = { ...(updated[at] as object), ...(row as object) };
    });
    base[key] = updated;
  }
}

/**
 * The default world with `changes` applied: `remove` (`{list: [ids]}`) taking seeded rows out
 * first, `replace` (`{list: [rows]}`) putting each row's fields over the seeded row with its id, in
 * place (a twin's translated email or event keeps its position), then rows appended to its lists, `files` and `settings` merged, any other key replaced. Throws
 * `invalid-argument` naming `source` and the field when the result is not a valid world.
 */
export function worldWithChanges(changes: Record<string, unknown>, source: string): WorldFixture {
  const base = { ...(defaultWorldFixture() as unknown as Record<string, unknown>) };
  // Removals apply to the seeded world first, so a scenario can replace a row by removing it and
  // adding its new version.
  const remove = changes.remove;
  if (remove !== undefined) {
    if (typeof remove !== "object" || remove === null)
      throw new EdgecallError("invalid-argument", `${source}: world.remove: must be {list: [ids]}`, {
        subject: source,
      });
    for (const [key, ids] of Object.entries(remove)) {
      const rows = base[key];
      if (!Array.isArray(rows) || !Array.isArray(ids))
        throw new EdgecallError(
          "invalid-argument",
          `${source}: world.remove.${key}: not a list of the world`,
          {
            subject: source,
          },
        );
      const gone = new Set(ids.map(String));
      base[key] = rows.filter((row) => {
        const { id, itemId } = row as { id?: unknown; itemId?: unknown };
        return !gone.has(String(id ?? itemId));
      });
    }
  }
  replaceRows(base, changes.replace, source);
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    if (key === "remove" || key === "replace") continue;
    if ((listKeys as readonly string[]).includes(key)) {
      if (!Array.isArray(value))
        throw new EdgecallError(
          "invalid-argument",
          `${source}: world.${key}: must be a list of rows to add`,
          {
            subject: source,
          },
        );
      merged[key] = [...((base[key] as unknown[]) ?? []), ...value];
    } else if (key === "files" || key === "settings") {
      merged[key] = { ...((base[key] as object) ?? {}), ...((value as object) ?? {}) };
    } else merged[key] = value;
  }
  return parseWorldFixture(merged, `${source} (world)`);
}

/** An assistant world environment and the temporary folder it lives in. */
export type AssistantEnvironment = Environment & { readonly folder: string };

/** Most template worlds kept per process (each a few hundred KiB); the oldest goes first. */
const templateLimit = 64;
const templates = new Map<string, string>();
let templateRoot: string | undefined;
/** Each fixture object's template key, so a fixture shared by many samples is hashed once. */
const templateKeys = new WeakMap<WorldFixture, string>();

/**
 * A built world for `fixture`, made once per process and copied for each sample (building one
 * parses the fixture and inserts every row; copying is a file copy). Templates live in a temporary
 * folder removed when the process exits.
 */
function templateFor(fixture: WorldFixture): string {
  let key = templateKeys.get(fixture);
  if (key === undefined) {
    key = sha256Hex(canonicalJson(fixture));
    templateKeys.set(fixture, key);
  }
  const known = templates.get(key);
  if (known !== undefined) return known;
  if (templateRoot === undefined) {
    const root = mkdtempSync(join(tmpdir(), "edgecall-world-templates-"));
    templateRoot = root;
    process.once("exit", () => rmSync(root, { recursive: true, force: true }));
  }
  const path = join(templateRoot, key.slice(0, 16));
  rmSync(path, { recursive: true, force: true });
  createWorld(path, fixture, { durable: false }).close();
  if (templates.size >= templateLimit) {
    const [oldestKey, oldestPath] = templates.entries().next().value as [string, string];
    templates.delete(oldestKey);
    rmSync(oldestPath, { recursive: true, force: true });
  }
  templates.set(key, path);
  return path;
}

/**
 * Makes the environment of a sample whose `initialState` is a world fixture; `registry` options
 * change its tools (e.g. an offline web with extra pages).
 */
export function assistantEnvironment(
  sample: Sample,
  registry: AssistantRegistryOptions = {},
): AssistantEnvironment {
  const fixture = sample.initialState as WorldFixture | undefined;
  if (fixture === undefined)
    throw new EdgecallError("invalid-argument", `sample ${sample.id}: no initial world`, {
      subject: sample.id,
    });
  const folder = mkdtempSync(join(tmpdir(), "edgecall-world-"));
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    try {
      world?.close();
    } catch {
      // Closing is best effort; the folder goes either way.
    }
    rmSync(folder, { recursive: true, force: true });
  };
  let world: AssistantState | undefined;
  try {
    const state = join(folder, "state");
    cpSync(templateFor(fixture), state, { recursive: true });
    world = new AssistantState(state, { durable: false });
  } catch (error) {
    close();
    const reason = errorMessage(error);
    throw new EdgecallError("invalid-argument", `sample ${sample.id}: its world cannot be made: ${reason}`, {
      subject: sample.id,
      cause: error,
    });
  }
  const open = world;
  return {
    folder,
    registry: createAssistantRegistry(open, registry),
    snapshot(): AssistantWorldState {
      const snapshot = snapshotWorld(open);
      const texts: Record<string, string> = {};
      for (const [path, record] of Object.entries(snapshot.files)) {
        if (record.type !== "file" || record.size > snapshotTextLimitBytes) continue;
        try {
          const read = open.sandbox.read(path, snapshotTextLimitBytes);
          if (!read.binary) texts[path] = read.content;
        } catch {
          // Unreadable (binary or vanished): predicates see no text.
        }
      }
      return { ...snapshot, texts };
    },
    hash(snapshot) {
      const { tables, files } = snapshot as AssistantWorldState;
      return hashWorld({ tables, files });
    },
    close,
  };
}
