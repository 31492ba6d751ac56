/**
 * Checks and reads on open file descriptors for the sandbox: where a descriptor really points
 * (after the open, so a link swapped in between check and open is caught), and reading or
 * hashing through it.
 */
import { createHash } from "node:crypto";
import { fstatSync, readlinkSync, readSync, realpathSync, statSync } from "node:fs";
import { isInside, permission } from "./sandbox-paths.js";

/** True where /proc/self/fd tells the real path of a descriptor (Linux). */
export const procFdAvailable = (() => {
  try {
    return statSync("/proc/self/fd").isDirectory();
  } catch {
    return false;
  }
})();

/** The real path of an open descriptor, where the system can tell it. */
export function descriptorPath(fd: number): string | undefined {
  if (!procFdAvailable) return undefined;
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/**
 * Refuses a descriptor that does not lie at `expected` inside `root`: by /proc/self/fd on Linux,
 * elsewhere by resolving `expected` again and comparing device and inode with the descriptor.
 */
export function verifyDescriptor(root: string, fd: number, expected: string, shown: string): void {
  let actual = descriptorPath(fd);
  if (actual === undefined) {
    const opened = fstatSync(fd);
    let current: ReturnType<typeof statSync> | undefined;
    try {
      actual = realpathSync(expected);
      current = statSync(actual);
    } catch {}
    if (current === undefined || current.ino !== opened.ino || current.dev !== opened.dev) actual = undefined;
  }
  if (actual === undefined || !isInside(root, actual) || actual !== expected) {
    throw permission(`'${shown}' changed while it was being opened and now lies outside the sandbox`);
  }
}

/** Reads up to `limit` bytes from the start of a descriptor. */
export function readDescriptor(fd: number, limit: number): Buffer {
  const buffer = Buffer.alloc(limit);
  let filled = 0;
  while (filled < limit) {
    const count = readSync(fd, buffer, filled, limit - filled, filled);
    if (count === 0) break;
    filled += count;
  }
  return buffer.subarray(0, filled);
}

/** sha256 (hex) and size of everything a descriptor holds, read in chunks. */
export function hashDescriptor(fd: number): { sha256: string; size: number } {
  const digest = createHash("sha256");
  const chunk = Buffer.alloc(64 * 1024);
  let size = 0;
  for (;;) {
    const count = readSync(fd, chunk, 0, chunk.length, size);
    if (count === 0) break;
    digest.update(chunk.subarray(0, count));
    size += count;
  }
  return { sha256: digest.digest("hex"), size };
}
