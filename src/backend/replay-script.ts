/**
 * The replay script: a JSONL file, one line per model call, `{"id": "<sample id>", "output": "<raw text>"}`.
 * Lines with one id are that sample's successive calls; lines without an id are served in order to
 * calls whose sample has no lines of its own. Blank lines are skipped; other fields are allowed and kept
 * out of the way (a recorder may add provenance).
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { EdgecallError } from "../errors.js";
import { parseJsonl } from "../text/jsonl-lines.js";

const lineSchema = z.looseObject(
  {
    /** `null` is read as no id. */
    id: z.string({ error: "must be a string" }).min(1, "must not be empty").nullable().optional(),
    output: z.string({
      error: (issue) =>
        issue.input === undefined ? "missing: every line needs a string 'output'" : "must be a string",
    }),
  },
  { error: 'expected an object like {"id": "<sample id>", "output": "<raw model text>"}' },
);

/** One scripted output and where it came from. */
export interface ScriptedOutput {
  output: string;
  /** 1-based line number in the file. */
  line: number;
  id?: string;
}

/** What a call was served, or why nothing could be. */
export type ScriptTake = { ok: true; entry: ScriptedOutput } | { ok: false; message: string };

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length === 0 ? "" : `${issue.path.join(".")}: `;
  return `${where}${issue.message}`;
}

/** Scripted outputs by sample id plus the anonymous queue, consumed as calls arrive. */
export class ReplayScript {
  private readonly byId = new Map<string, ScriptedOutput[]>();
  private readonly servedById = new Map<string, number>();
  private readonly anonymous: ScriptedOutput[] = [];
  private anonymousServed = 0;

  constructor(entries: readonly ScriptedOutput[]) {
    for (const entry of entries) {
      if (entry.id === undefined) {
        this.anonymous.push(entry);
        continue;
      }
      const list = this.byId.get(entry.id) ?? [];
      list.push(entry);
      this.byId.set(entry.id, list);
    }
  }

  /** Parses and validates JSONL text; `path` names the file in errors (`invalid-json`, `<path>:<line>: <reason>`). */
  static parse(text: string, path: string): ReplayScript {
    const entries: ScriptedOutput[] = [];
    for (const { line, value } of parseJsonl(text, path)) {
      const checked = lineSchema.safeParse(value);
      if (!checked.success) {
        const reason = checked.error.issues.map(describeIssue).join("; ");
        throw new EdgecallError("invalid-json", `${path}:${line}: ${reason}`, { subject: path });
      }
      const entry: ScriptedOutput = { output: checked.data.output, line };
      if (typeof checked.data.id === "string") entry.id = checked.data.id;
      entries.push(entry);
    }
    return new ReplayScript(entries);
  }

  /** Reads and validates a script file. Throws `file-not-found` or `invalid-json`. */
  static load(path: string): ReplayScript {
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === "ENOENT" || code === "ENOTDIR") {
        throw new EdgecallError("file-not-found", `replay file not found: ${path}`, {
          subject: path,
          cause: error,
        });
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new EdgecallError("invalid-argument", `cannot read replay file ${path}: ${reason}`, {
        subject: path,
        cause: error,
      });
    }
    return ReplayScript.parse(text, path);
  }

  /** Total scripted outputs in the file. */
  get size(): number {
    let total = this.anonymous.length;
    for (const list of this.byId.values()) total += list.length;
    return total;
  }

  /** The next output for a call of `sampleId` (its own lines first; the anonymous queue when it has none). */
  take(sampleId: string | undefined): ScriptTake {
    const own = sampleId === undefined ? undefined : this.byId.get(sampleId);
    if (own !== undefined) {
      const served = this.servedById.get(sampleId!) ?? 0;
      const entry = own[served];
      if (entry === undefined) {
        return {
          ok: false,
          message: `sample '${sampleId}' has no scripted output left (all ${own.length} used)`,
        };
      }
      this.servedById.set(sampleId!, served + 1);
      return { ok: true, entry };
    }
    const entry = this.anonymous[this.anonymousServed];
    if (entry === undefined) {
      const who = sampleId === undefined ? "a call without a sample id" : `sample '${sampleId}'`;
      const why =
        this.anonymous.length === 0
          ? "has no lines with its id and the file has no lines without an id"
          : `has no lines with its id and all ${this.anonymous.length} lines without an id are used`;
      return { ok: false, message: `${who} ${why}` };
    }
    this.anonymousServed++;
    return { ok: true, entry };
  }
}
