/**
 * Downloads one hub file into the cache, verified: the bytes go to `FILE.partial` (kept when the
 * connection drops or the user interrupts, and resumed with an HTTP Range request, by a retry in
 * this run or by the next run), never beyond the size the hub listed, and the file is moved into
 * place only when its sha256 matches the hub's (the LFS oid). A mismatch removes the partial file.
 * `FILE.lock` keeps two processes from writing one partial file.
 */
import { createHash, type Hash } from "node:crypto";
import { closeSync, createReadStream, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { mkdir, open, rename, rm, stat, truncate } from "node:fs/promises";
import { dirname } from "node:path";
import { EdgecallError, isEdgecallError } from "../../errors.js";
import { processExists } from "../../gguf/synth/stale-partials.js";
import { type DownloadProgress, type ProgressSink, startDownloadProgress } from "./download-progress.js";
import { downloadError, hubGet, shownUrl, statusError } from "./hub-http.js";
import type { HubSettings } from "./hub-settings.js";

/** The file to fetch and what it must be. */
export interface DownloadTarget {
  /** The `resolve` URL on the hub. */
  url: URL;
  /** Where the verified file goes. */
  path: string;
  /** The name shown in progress and errors (e.g. `Qwen3-0.6B-Q4_K_M.gguf`). */
  name: string;
  size: number;
  sha256: string;
}

/** How to download. */
export interface DownloadOptions {
  settings: HubSettings;
  progress: ProgressSink;
  signal?: AbortSignal;
  idleTimeoutMs?: number;
  /** Failed attempts in a row, without a byte gained, before giving up (default 4). */
  maxAttempts?: number;
  /** Wait before retry n is n times this, in ms (default 1000). */
  retryDelayMs?: number;
}

/** A failure worth another attempt (the connection dropped, a 5xx); anything else is thrown. */
class RetryableFailure extends Error {}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

/** Takes `lockPath` for this process; throws when a live process holds it. Returns the release. */
function takeLock(lockPath: string, name: string): () => void {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const descriptor = openSync(lockPath, "wx");
      writeSync(descriptor, String(process.pid));
      closeSync(descriptor);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder = Number.NaN;
      try {
        holder = Number.parseInt(readFileSync(lockPath, "utf8").slice(0, 20), 10);
      } catch {
        // removed meanwhile
      }
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processExists(holder))
        throw downloadError(
          `another process (pid ${holder}) is downloading ${name} into the cache; wait for it to finish, or remove ${lockPath} if that process is not edgecall`,
          lockPath,
        );
      // A stale lock (its process is gone): take it over.
      rmSync(lockPath, { force: true });
    }
  }
  throw downloadError(`cannot take the download lock ${lockPath}`, lockPath);
}

async function hashFile(path: string, hash: Hash): Promise<void> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolvePromise) => {
    const timer = setTimeout(resolvePromise, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolvePromise();
    });
  });
}

/** Downloads and verifies `target`; resolves once the file is in place at `target.path`. */
export async function downloadVerified(target: DownloadTarget, options: DownloadOptions): Promise<void> {
  const partial = `${target.path}.partial`;
  await mkdir(dirname(target.path), { recursive: true });
  const release = takeLock(`${target.path}.lock`, target.name);
  try {
    const state: DownloadState = { have: await sizeOf(partial), hash: createHash("sha256") };
    if (state.have > target.size) {
      await rm(partial, { force: true });
      state.have = 0;
    }
    if (state.have > 0) await hashFile(partial, state.hash);
    const maxAttempts = options.maxAttempts ?? 4;
    let failures = 0;
    let progress: DownloadProgress | undefined;
    while (state.have < target.size) {
      const before = state.have;
      try {
        progress = await attempt(target, partial, state, options);
      } catch (error) {
        if (!(error instanceof RetryableFailure)) throw error;
        failures = state.have > before ? 1 : failures + 1;
        if (failures >= maxAttempts)
          throw downloadError(
            `downloading ${target.name} failed ${failures} times in a row (${error.message}); the ${state.have} bytes fetched are kept in ${partial} and the next run resumes from there`,
            target.name,
          );
        options.progress.write(`edgecall: note: ${error.message}; resuming at byte ${state.have}\n`);
        await delay((options.retryDelayMs ?? 1000) * failures, options.signal);
        if (options.signal?.aborted)
          throw new EdgecallError("aborted", `download of ${target.name} interrupted`);
      }
    }
    const actual = state.hash.digest("hex");
    if (actual !== target.sha256) {
      progress?.finish("stopped");
      await rm(partial, { force: true });
      throw downloadError(
        `the download of ${target.name} does not match the hub's sha256 (expected ${target.sha256}, got ${actual}); the downloaded bytes were removed: run again to fetch it afresh (if it happens again, the hub, a mirror or a proxy serves a different file)`,
        target.name,
      );
    }
    await rename(partial, target.path);
    progress?.finish("verified");
  } finally {
    release();
  }
}

/** The bytes in the partial file and the running hash of exactly those bytes. */
interface DownloadState {
  have: number;
  hash: Hash;
}

/**
 * One request from byte `state.have`, appending to the partial file and the hash as bytes come;
 * returns the progress reporter, to be finished once the file is verified.
 */
async function attempt(
  target: DownloadTarget,
  partial: string,
  state: DownloadState,
  options: DownloadOptions,
): Promise<DownloadProgress> {
  const headers: Record<string, string> = state.have > 0 ? { range: `bytes=${state.have}-` } : {};
  const { response, url } = await hubGet(target.url, {
    settings: options.settings,
    headers,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: options.idleTimeoutMs }),
  }).catch((error: unknown) => {
    if (isEdgecallError(error, "model-download") && /cannot reach|sent nothing/.test(error.message))
      throw new RetryableFailure(error.message);
    throw error;
  });
  const status = response.statusCode ?? 0;
  if (status === 206) {
    const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(response.headers["content-range"] ?? "");
    if (match === null || Number(match[1]) !== state.have) {
      response.resume();
      await rm(partial, { force: true });
      throw downloadError(
        `${shownUrl(url)} answered a range other than the one asked for; the partial download was removed: run again`,
        target.name,
      );
    }
  } else if (status === 200) {
    if (state.have > 0) {
      // The server ignored the range: start over.
      await truncate(partial, 0);
      state.have = 0;
      state.hash = createHash("sha256");
    }
  } else {
    response.resume();
    if (status >= 500 || status === 429) throw new RetryableFailure(`the hub answered HTTP ${status}`);
    throw statusError(status, `${target.name} (${shownUrl(target.url)})`, options.settings);
  }
  const length = Number(response.headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(length) && state.have + length > target.size) {
    response.resume();
    throw downloadError(
      `${shownUrl(url)} sends ${state.have + length} bytes for ${target.name}, but the hub listed ${target.size}; refusing it`,
      target.name,
    );
  }
  const progress = startDownloadProgress(options.progress, target.name, target.size, state.have);
  const handle = await open(partial, state.have === 0 ? "w" : "a");
  try {
    for await (const chunk of response) {
      const buffer = chunk as Buffer;
      if (state.have + buffer.length > target.size) {
        response.destroy();
        throw downloadError(
          `${shownUrl(url)} sent more than the ${target.size} bytes the hub listed for ${target.name}; refusing it`,
          target.name,
        );
      }
      await handle.write(buffer).catch((error: unknown) => {
        throw downloadError(`cannot write ${partial}: ${(error as Error).message}`, partial, error);
      });
      state.hash.update(buffer);
      state.have += buffer.length;
      progress.update(state.have);
    }
  } catch (error) {
    progress.finish("stopped");
    if (error instanceof EdgecallError) throw error;
    if (options.signal?.aborted)
      throw new EdgecallError("aborted", `download of ${target.name} interrupted; the next run resumes it`, {
        cause: error,
      });
    throw new RetryableFailure(`the connection dropped (${(error as Error).message})`);
  } finally {
    await handle.close();
  }
  if (state.have < target.size) {
    progress.finish("stopped");
    throw new RetryableFailure(`the hub ended the file at byte ${state.have} of ${target.size}`);
  }
  return progress;
}
