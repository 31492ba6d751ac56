/**
 * Where hub models live on disk: `<cache dir>/models/hf/OWNER/REPO/REVISION/FILE` (the cache dir
 * is `$EDGECALL_CACHE_DIR`, else `$XDG_CACHE_HOME/edgecall`, else `~/.cache/edgecall`), REVISION the
 * commit the file was listed at. `OWNER/REPO/resolutions.json` records what each spec resolved to
 * (`:Q4_K_M` → file, commit, sha256, size), so a later run finds the file without any request.
 */
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../../atomic-file.js";
import { cacheDirectory } from "../demo-model.js";
import { filePathProblem } from "./hub-names.js";

/** What one spec resolved to. */
export interface HubResolution {
  /** The commit the file was listed at (40 hex digits), or `main` when the hub did not say. */
  revision: string;
  /** The file's path in the repository. */
  file: string;
  sha256: string;
  size: number;
}

/** The largest resolutions.json read. */
const maxRecordBytes = 1024 * 1024;

const resolutionSchema = z.object({
  revision: z.string().regex(/^([0-9a-f]{40}|main)$/),
  file: z.string().refine((file) => filePathProblem(file) === undefined),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().nonnegative(),
});
const recordSchema = z.object({
  version: z.literal(1),
  resolutions: z.record(z.string().max(600), resolutionSchema),
});
type ResolutionRecord = z.infer<typeof recordSchema>;

/** The folder of one repository's files and record. */
export function repoCacheDirectory(owner: string, repo: string): string {
  return join(cacheDirectory(), "models", "hf", owner, repo);
}

/** The cached path of `file` at `revision` (names already checked by hub-names.ts). */
export function cachedFilePath(
  owner: string,
  repo: string,
  resolution: Pick<HubResolution, "revision" | "file">,
): string {
  return join(repoCacheDirectory(owner, repo), resolution.revision, ...resolution.file.split("/"));
}

/** The record key of what a spec asks for: `file:PATH`, `quant:TAG` (upper case) or `default`. */
export function resolutionKey(request: { quant?: string; file?: string }): string {
  if (request.file !== undefined) return `file:${request.file}`;
  if (request.quant !== undefined) return `quant:${request.quant.toUpperCase()}`;
  return "default";
}

function recordPath(owner: string, repo: string): string {
  return join(repoCacheDirectory(owner, repo), "resolutions.json");
}

function readRecord(owner: string, repo: string): ResolutionRecord {
  const empty: ResolutionRecord = { version: 1, resolutions: {} };
  const path = recordPath(owner, repo);
  try {
    if (statSync(path).size > maxRecordBytes) return empty;
    const parsed = recordSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
    return parsed.success ? parsed.data : empty;
  } catch {
    return empty;
  }
}

/**
 * The recorded resolution of `key` whose file is in the cache at its recorded size, with its path;
 * undefined when there is none (never recorded, or the file was removed or damaged).
 */
export function cachedResolution(
  owner: string,
  repo: string,
  key: string,
): { resolution: HubResolution; path: string } | undefined {
  const resolution = readRecord(owner, repo).resolutions[key];
  if (resolution === undefined) return undefined;
  const path = cachedFilePath(owner, repo, resolution);
  try {
    const stats = statSync(path);
    if (stats.isFile() && stats.size === resolution.size) return { resolution, path };
  } catch {
    // not in the cache (any more)
  }
  return undefined;
}

/** Records that `key` resolved to `resolution` (the file is already in place). */
export function recordResolution(owner: string, repo: string, key: string, resolution: HubResolution): void {
  const record = readRecord(owner, repo);
  record.resolutions[key] = resolution;
  mkdirSync(repoCacheDirectory(owner, repo), { recursive: true });
  writeFileAtomic(recordPath(owner, repo), `${JSON.stringify(record, null, 2)}\n`);
}
