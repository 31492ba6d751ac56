/**
 * Shares an evaluated instructions prefix between the sequences of one context. node-llama-cpp
 * cannot copy one sequence's state to another, but it can save a sequence's state to a file and
 * load it into another; writing a prefix's state takes a fraction of a second where evaluating it
 * again takes seconds to minutes on a CPU. The first call with a given instructions prefix (system
 * messages and tools) on a sequence that does not hold it saves its state right after evaluating
 * the prefix; calls on other cold sequences wait for that file and load it instead of evaluating
 * the prefix themselves. The state at that point is exactly the prefix, so it is valid for hybrid
 * and recurrent models too. Files live in a private temporary folder removed on close; at most
 * {@link maxSnapshots} are kept. With a {@link PrefixStateStore}, prefixes long enough to be worth
 * it are saved there instead and outlive the process: a later process (or a single-sequence
 * context) loads them rather than evaluating them.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LlamaContextSequence, Token } from "node-llama-cpp";
import type { PrefixStateStore } from "./prefix-state-store.js";
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
  /** In the store: outlives this context, so never deleted here. */
  persistent: boolean;
}

/** The snapshots of one context; see the module comment. */
export class PrefixSnapshots {
  private directory: string | undefined;
  private readonly snapshots = new Map<string, Snapshot>();
  private counter = 0;

  /** `store`: where long prefixes persist between processes (none: this context only). */
  constructor(private readonly store?: PrefixStateStore) {}

  /** Whether prefixes persist, so a single sequence gains from snapshots too. */
  get persistent(): boolean {
    return this.store !== undefined;
  }

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
    const prefix = prompt.slice(0, length);
    const key = createHash("sha256").update(Uint32Array.from(prefix)).digest("hex");
    const persist = this.store?.accepts(length) === true;
    let existing = this.snapshots.get(key);
    if (existing === undefined && persist) {
      const stored = this.store!.find(prefix);
      if (stored !== undefined) {
        existing = { path: stored, ready: Promise.resolve(true), persistent: true };
        this.remember(key, existing);
      }
    }
    if (existing !== undefined) {
      if (!(await existing.ready)) return { kind: "none" };
      if (await this.load(sequence, existing.path, length)) {
        await sequence.takeCheckpoint();
        return { kind: "loaded", length };
      }
      // Evicted meanwhile, unreadable or damaged: this call evaluates the prefix and writes it again.
      this.forget(key, existing);
    }
    let settle!: (saved: boolean) => void;
    const ready = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    const path = persist ? this.store!.pathFor(prefix) : join(this.folder(), `prefix-${++this.counter}.bin`);
    this.remember(key, { path, ready, persistent: persist });
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
        const target = persist ? this.store!.temporaryPathFor(path) : path;
        try {
          await sequence.saveStateToFile(target);
          if (persist) this.store!.commit(target, path);
          finish(true);
        } catch {
          if (persist) rmSync(target, { force: true });
          finish(false);
        }
      },
      abandon: () => finish(false),
    };
  }

  /** Loads a state file into `sequence`; false (and the sequence cleared) unless it holds `length` tokens after. */
  private async load(sequence: LlamaContextSequence, path: string, length: number): Promise<boolean> {
    // Clearing first also drops the sequence's checkpoints, which belong to its old tokens.
    await sequence.clearHistory();
    try {
      await sequence.loadStateFromFile(path, { acceptRisk: true });
      if (sequence.nextTokenIndex === length) return true;
    } catch {
      // Reported as false: the caller evaluates the prefix instead.
    }
    await sequence.clearHistory();
    return false;
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
      if (!oldest.persistent) rmSync(oldest.path, { force: true });
    }
  }

  /** Drops a snapshot that would not load; a stored one is deleted, so the next producer rewrites it. */
  private forget(key: string, snapshot: Snapshot): void {
    if (this.snapshots.get(key) === snapshot) this.snapshots.delete(key);
    rmSync(snapshot.path, { force: true });
  }
}
