/**
 * sha256 of a file, read as a stream (GGUF files are gigabytes), with the answer remembered in a
 * small JSON file under the cache folder keyed by the file's real path, size and mtime, so the
 * second run on the same model file does not read it again, and in memory for this process. It is
 * a model file's identity (opened-model.ts): provenance, the response cache key and the prefix
 * state store all use it.
 */
import { createHash } from "node:crypto";
import { createReadStream, mkdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../atomic-file.js";

/** File name of the hash cache inside the cache folder. */
export const fileHashCacheName = "file-hashes.json";

type HashCache = Record<string, { size: number; mtimeMs: number; sha256: string }>;

/** This process's hashes, by real path (checked against size and mtime like the file's). */
const remembered: HashCache = {};

function readCache(path: string): HashCache {
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as unknown;
    return parsed !== null && typeof parsed === "object" ? (parsed as HashCache) : {};
  } catch {
    return {};
  }
}

function writeCache(path: string, cache: HashCache): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileAtomic(path, JSON.stringify(cache));
  } catch {
    // A cache that cannot be written only costs a rehash next time.
  }
}

/** Streams the file through sha256. */
export function hashFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    const stream = createReadStream(path, { highWaterMark: 4 * 1024 * 1024 });
    stream.on("data", (chunk) => hash.update(chunk));
    stream.on("error", reject);
    stream.on("end", () => resolve(hash.digest("hex")));
  });
}

/**
 * The file's sha256, from this process's memory or the cache in `cacheDirectory` when path, size
 * and mtime match, hashed (and remembered) otherwise. Without a cache folder it hashes once per
 * file version and process.
 */
export async function fileSha256(path: string, cacheDirectory?: string): Promise<string> {
  const real = realpathSync(path);
  const stats = statSync(real);
  const cachePath = cacheDirectory === undefined ? undefined : join(cacheDirectory, fileHashCacheName);
  if (cachePath !== undefined) {
    const known = readCache(cachePath)[real];
    if (known && known.size === stats.size && known.mtimeMs === stats.mtimeMs) return known.sha256;
  }
  const inMemory = remembered[real];
  const sha256 =
    inMemory && inMemory.size === stats.size && inMemory.mtimeMs === stats.mtimeMs
      ? inMemory.sha256
      : await hashFile(real);
  remembered[real] = { size: stats.size, mtimeMs: stats.mtimeMs, sha256 };
  if (cachePath !== undefined) {
    const cache = readCache(cachePath);
    cache[real] = { size: stats.size, mtimeMs: stats.mtimeMs, sha256 };
    writeCache(cachePath, cache);
  }
  return sha256;
}
