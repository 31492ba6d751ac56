/** Content hashes: hex sha256, the one digest edgecall records (run records, caches, snapshots). */
import { createHash } from "node:crypto";

/** Hex sha256 of a string's UTF-8 bytes (or of raw bytes). */
export function sha256Hex(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex");
}
