/**
 * Shares an evaluated instructions prefix between the sequences of one context. node-llama-cpp
 * cannot copy one sequence's state to another, but it can save a sequence's state to a file and
 * load it into another; writing a prefix's state takes a fraction of a second where evaluating it
 * again takes seconds to minutes on a CPU. The first call with a given instructions prefix (system
 * messages and tools) on a sequence that does not hold it saves its state right after evaluating
 * the prefix; calls on other cold sequences wait for that file and load it instead of evaluating
 * the prefix themselves. The state at that point is exactly the prefix, so it is valid for hybrid
 * and recurrent models too. Files live in a private temporary folder removed on close; at most
 * {@link maxSnapshots} are kept.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LlamaContextSequence, Token } from "node-llama-cpp";
import { sharedPrefixLength } from "./sequence-pool.js";

/** Prefixes shorter than this are evaluated, not shared (a file costs more than they do). */
export const minSnapshotTokens = 64;
/** Most prefix files kept at once; the oldest is deleted first. */
export const maxSnapshots = 8;

/** What a call does about its instructions prefix. */
export type SnapshotRole =
  | { kind: "none" }
  /** The prefix was loaded from another sequence's snapshot; the sequence holds it now. */
  | { kind: "loaded"; length: number }
  /** This call evaluates the prefix first and must call `save` right after it (or `abandon`). */
  | { kind: "producer"; length: number; save: () => Promise<void>; abandon: () => void };

interface Snapshot {
  path: string;
  ready: Promise<boolean>;
}

/** The snapshots of one context; see the module comment. */
export class PrefixSnapshots {
  private directory: string | undefined;
  private readonly snapshots = new Map<string, Snapshot>();
  private counter = 0;

  /**
   * Decides the role of a call whose prompt starts with `length` instruction tokens, on
   * `sequence`; for `loaded` the state is in the sequence when this resolves.
   */
  async prepare(
    sequence: LlamaContextSequence,
    prompt: readonly Token[],
    length: number,
  ): Promise<SnapshotRole> {
    if (length < minSnapshotTokens || length >= prompt.length) return { kind: "none" };
    if (sharedPrefixLength(sequence.contextTokens, prompt) >= length) return { kind: "none" };
    const key = createHash("sha256")
      .update(Uint32Array.from(prompt.slice(0, length)))
      .digest("hex");
    const existing = this.snapshots.get(key);
    if (existing !== undefined) {
      if (!(await existing.ready)) return { kind: "none" };
      // Clearing first also drops the sequence's checkpoints, which belong to its old tokens.
      await sequence.clearHistory();
      try {
        await sequence.loadStateFromFile(existing.path, { acceptRisk: true });
      } catch {
        // Evicted meanwhile, or unreadable: evaluate the prefix instead.
        await sequence.clearHistory();
        return { kind: "none" };
      }
      if (sequence.nextTokenIndex !== length) {
        await sequence.clearHistory();
        return { kind: "none" };
      }
      await sequence.takeCheckpoint();
      return { kind: "loaded", length };
    }
    let settle!: (saved: boolean) => void;
    const ready = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    const path = join(this.folder(), `prefix-${++this.counter}.bin`);
    this.remember(key, { path, ready });
    let settled = false;
    const finish = (saved: boolean) => {
      if (settled) return;
      settled = true;
      if (!saved) this.snapshots.delete(key);
      settle(saved);
    };
    return {
      kind: "producer",
      length,
      save: async () => {
        try {
          await sequence.saveStateToFile(path);
          finish(true);
        } catch {
          finish(false);
        }
      },
      abandon: () => finish(false),
    };
  }

  /** Deletes every snapshot file. */
  close(): void {
    this.snapshots.clear();
    if (this.directory !== undefined) rmSync(this.directory, { recursive: true, force: true });
    this.directory = undefined;
  }

  private folder(): string {
    this.directory ??= mkdtempSync(join(tmpdir(), "edgecall-prefix-"));
    return this.directory;
  }

  private remember(key: string, snapshot: Snapshot): void {
    this.snapshots.set(key, snapshot);
    while (this.snapshots.size > maxSnapshots) {
      const [oldestKey, oldest] = this.snapshots.entries().next().value!;
      this.snapshots.delete(oldestKey);
      rmSync(oldest.path, { force: true });
    }
  }
}
