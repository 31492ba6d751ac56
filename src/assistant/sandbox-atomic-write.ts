/**
 * The sandbox's write step: the bytes go to a fresh `O_EXCL` temporary file beside the target
 * (named with the reserved prefix, so listings skip it), whose descriptor is checked to lie where
 * it was meant to (a folder swapped for a link is caught, and the stray empty file removed), then
 * are flushed (unless the world is throwaway) and renamed over the target. On any failure the
 * temporary file is removed.
 */
import { randomBytes } from "node:crypto";
import { closeSync, constants, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { descriptorPath, verifyDescriptor } from "./sandbox-descriptors.js";
import { reservedPrefix } from "./sandbox-paths.js";

/**
 * Writes `bytes` to `target` (an absolute path already checked inside `root`) through a temporary
 * file and a rename. `shown`: the path as the caller gave it, for refusals; `durable`: fsync first.
 */
export function writeThroughTemporary(
  root: string,
  target: string,
  bytes: Buffer,
  options: { shown: string; durable: boolean },
): void {
  const temporary = `${dirname(target)}/${reservedPrefix}${randomBytes(6).toString("hex")}`;
  const fd = openSync(
    temporary,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    0o644,
  );
  let renamed = false;
  try {
    try {
      verifyDescriptor(root, fd, temporary, options.shown);
    } catch (error) {
      // The folder was swapped for a link: remove the empty file we just created wherever it went.
      try {
        const strayPath = descriptorPath(fd);
        if (strayPath !== undefined) unlinkSync(strayPath);
      } catch {}
      throw error;
    }
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    if (options.durable) fsyncSync(fd);
    closeSync(fd);
    renameSync(temporary, target);
    renamed = true;
  } finally {
    try {
      closeSync(fd);
    } catch {}
    if (!renamed) {
      try {
        unlinkSync(temporary);
      } catch {}
    }
  }
}
