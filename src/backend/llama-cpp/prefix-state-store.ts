/**
 * Evaluated instruction prefixes kept on disk between processes. An agent's system prompt and tool
 * list are the same at every launch and in every eval run on the same model (the 39 assistant tools
 * are about 9,500 tokens: 30-120 s of prefill on two cores); the state of a sequence right after
 * them is saved once, under a key of the model file, the runtime and the exact prefix tokens, and a
 * later process loads it in a fraction of a second instead of evaluating it again. llama-server
 * starts cold each time (its slot save and restore are manual API calls).
 *
 * Files are written under a temporary name and renamed, so a reader never sees half a file; the
 * folder is bounded by `maxBytes`, least recently used first out (a load touches its file). Only
 * prefixes of at least {@link minPersistedTokens} are kept: shorter ones evaluate quickly, and an
 * eval whose every sample has its own small tool list would otherwise write a file per sample.
 * node-llama-cpp warns that a state file from another model may crash the process, so the key
 * covers the model file's identity (its sha256, the one provenance records: opened-model.ts), the
 * runtime version and the context settings that change a state's layout.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import type { Token } from "node-llama-cpp";

/** Prefixes shorter than this stay in memory only. */
export const minPersistedTokens = 1024;
/** Default size of the folder: 2 GiB. */
export const defaultPrefixCacheBytes = 2 * 1024 * 1024 * 1024;

/** Where prefix states persist and how much room they may take. */
export interface PrefixStateCacheOptions {
  directory: string;
  maxBytes: number;
}

/** What distinguishes one model context's states from another's, besides the tokens. */
export interface StateIdentity {
  /** The model file's identity, `gguf:sha256:<hex>` (opened-model.ts). */
  model: string;
  runtime: string;
  /** Context settings that change the state's layout (flash attention transposes V or not). */
  settings: Record<string, string | number | boolean>;
}

const stateSuffix = ".state";

/** The persisted prefix states of one model context; see the module comment. */
export class PrefixStateStore {
  private readonly identity: string;
  private counter = 0;

  constructor(
    private readonly options: PrefixStateCacheOptions,
    identity: StateIdentity,
  ) {
    this.identity = JSON.stringify({
      version: 2,
      model: identity.model,
      runtime: identity.runtime,
      settings: identity.settings,
    });
    mkdirSync(options.directory, { recursive: true });
  }

  /** Whether a prefix this long is worth a file. */
  accepts(length: number): boolean {
    return length >= minPersistedTokens && this.options.maxBytes > 0;
  }

  /** The file a prefix's state lives in (whether or not it exists yet). */
  pathFor(prefix: readonly Token[]): string {
    const key = createHash("sha256").update(this.identity).update(Uint32Array.from(prefix)).digest("hex");
    return join(this.options.directory, `${key}${stateSuffix}`);
  }

  /** The file of `prefix` if one is stored (touched, so it is the last to go). */
  find(prefix: readonly Token[]): string | undefined {
    const path = this.pathFor(prefix);
    try {
      const now = new Date();
      utimesSync(path, now, now);
      return path;
    } catch {
      return undefined;
    }
  }

  /** A fresh temporary name beside the final file, for a writer to fill. */
  temporaryPathFor(path: string): string {
    return `${path}.${process.pid}.${++this.counter}.partial`;
  }

  /** Moves a finished temporary file into place, then trims the folder to its size. */
  commit(temporary: string, path: string): void {
    renameSync(temporary, path);
    this.trim(path);
  }

  /** Deletes the least recently used states until the folder fits; `keep` goes last. */
  private trim(keep: string): void {
    const entries: { path: string; bytes: number; usedMs: number }[] = [];
    for (const name of readdirSync(this.options.directory)) {
      if (!name.endsWith(stateSuffix)) continue;
      const path = join(this.options.directory, name);
      try {
        const stats = statSync(path);
        entries.push({ path, bytes: stats.size, usedMs: path === keep ? Infinity : stats.mtimeMs });
      } catch {
        // Deleted by another process meanwhile.
      }
    }
    entries.sort((a, b) => a.usedMs - b.usedMs);
    let total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
    for (const entry of entries) {
      if (total <= this.options.maxBytes) break;
      rmSync(entry.path, { force: true });
      total -= entry.bytes;
    }
  }
}
