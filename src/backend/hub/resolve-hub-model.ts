/**
 * Resolves an `hf:OWNER/REPO[:QUANT|/FILE.gguf]` spec to a GGUF file on disk: from the cache's
 * record when the file is there (no request at all, so later runs work offline), else through the
 * hub's API (which file, its size and sha256), a verified, resumable download into the cache
 * (hub-cache.ts), and a record of the resolution.
 *
 * Why not node-llama-cpp's `resolveModelFile`/`createModelDownloader` (3.21.1): it honours
 * `HF_ENDPOINT` and `HF_TOKEN` and resumes, but never checks a sha256, resolves `:QUANT` through
 * the Ollama-style `/v2/OWNER/REPO/manifests/TAG` endpoint (which mirrors and private hubs do not
 * all serve) rather than the models API, names cached files its own way, and downloads through
 * ipull, whose redirect and header handling we cannot bound. docs/models.md says the same.
 */

import { statSync } from "node:fs";
import { formatBytes } from "../../text/byte-units.js";
import type { ProgressSink } from "./download-progress.js";
import { cachedFilePath, cachedResolution, recordResolution, resolutionKey } from "./hub-cache.js";
import { downloadVerified } from "./hub-download.js";
import { downloadError } from "./hub-http.js";
import { fetchListing } from "./hub-listing.js";
import { hubSettings } from "./hub-settings.js";
import { type HubFileRequest, pickHubFile } from "./pick-hub-file.js";

/** Options of {@link resolveHubModel}; all have defaults. */
export interface ResolveHubOptions {
  /** Where `HF_ENDPOINT`, `HF_TOKEN` and `HF_HUB_OFFLINE` are read (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Progress and notes (default stderr, one rewritten line on a terminal). */
  progress?: ProgressSink;
  signal?: AbortSignal;
  /** Longest wait for the hub to send anything, in ms (default 60 s). */
  idleTimeoutMs?: number;
  /** Wait before retry n of a dropped download is n times this, in ms (default 1000). */
  retryDelayMs?: number;
}

const inFlight = new Map<string, Promise<string>>();

function stderrSink(): ProgressSink {
  return { write: (text) => process.stderr.write(text), isTTY: process.stderr.isTTY === true };
}

/** The spec as written, for messages. */
export function hubSpecText(request: HubFileRequest): string {
  const tail =
    request.file !== undefined ? `/${request.file}` : request.quant !== undefined ? `:${request.quant}` : "";
  return `hf:${request.owner}/${request.repo}${tail}`;
}

/**
 * The path of the GGUF file `request` names, downloading it first when the cache does not have
 * it. Concurrent calls for one spec in a process share one download.
 */
export function resolveHubModel(request: HubFileRequest, options: ResolveHubOptions = {}): Promise<string> {
  const key = `${request.owner}/${request.repo}#${resolutionKey(request)}`;
  let pending = inFlight.get(key);
  if (pending === undefined) {
    pending = resolveOnce(request, options).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

async function resolveOnce(request: HubFileRequest, options: ResolveHubOptions): Promise<string> {
  const { owner, repo } = request;
  const key = resolutionKey(request);
  const cached = cachedResolution(owner, repo, key);
  if (cached !== undefined) return cached.path;
  const spec = hubSpecText(request);
  const settings = hubSettings(options.env);
  if (settings.offline)
    throw downloadError(
      `${spec} is not in edgecall's cache and HF_HUB_OFFLINE is set; unset it to download`,
      spec,
    );
  const progress = options.progress ?? stderrSink();
  const listing = await fetchListing(owner, repo, settings, options.signal);
  const picked = pickHubFile(listing.files, request);
  const resolution = {
    revision: listing.commit ?? "main",
    file: picked.name,
    sha256: picked.sha256,
    size: picked.size,
  };
  const path = cachedFilePath(owner, repo, resolution);
  if (!isCompleteFile(path, picked.size)) {
    const commit = listing.commit === undefined ? "" : ` at commit ${listing.commit.slice(0, 12)}`;
    progress.write(
      `edgecall: note: ${spec} is ${picked.name}${commit} (${formatBytes(picked.size)}); downloading into ${path}\n`,
    );
    const url = new URL(
      `${settings.endpoint}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/resolve/${encodeURIComponent(resolution.revision)}/${picked.name
        .split("/")
        .map(encodeURIComponent)
        .join("/")}`,
    );
    await downloadVerified(
      { url, path, name: picked.name, size: picked.size, sha256: picked.sha256 },
      {
        settings,
        progress,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        ...(options.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: options.idleTimeoutMs }),
        ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
      },
    );
  }
  recordResolution(owner, repo, key, resolution);
  return path;
}

/** True when `path` is a file of `size` bytes (one already downloaded and verified). */
function isCompleteFile(path: string, size: number): boolean {
  try {
    const stats = statSync(path);
    return stats.isFile() && stats.size === size;
  } catch {
    return false;
  }
}
