/**
 * Size caps for what tools hand back to a model. Text is cut on a UTF-8 character boundary and
 * marked `[truncated N bytes]`; bytes that are not valid UTF-8 decode to U+FFFD and never throw.
 * An output nested deeper than `maxNestingDepth` levels is replaced by a note, before anything
 * recurses into it.
 */
import { exceedsNestingDepth, maxNestingDepth } from "../formats/nesting-depth.js";

/** Default cap on one tool output, as serialised JSON, in bytes. */
export const defaultOutputLimitBytes = 32 * 1024;

const decoder = new TextDecoder("utf-8", { fatal: false });

/** Decodes bytes as UTF-8, replacing invalid sequences with U+FFFD. Never throws. */
export function decodeUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** The marker appended where `omittedBytes` bytes were cut. */
export function truncationMarker(omittedBytes: number): string {
  return `[truncated ${omittedBytes} bytes]`;
}

/**
 * Cuts bytes to at most `limit` on a character boundary, decodes them, and appends the marker
 * (counting everything cut, `extraOmitted` included) when anything was cut.
 */
export function capBytes(bytes: Uint8Array, limit: number, extraOmitted = 0): string {
  if (bytes.length <= limit && extraOmitted === 0) return decodeUtf8(bytes);
  let end = Math.min(limit, bytes.length);
  // Step back over continuation bytes so a multi-byte character is never split.
  if (end < bytes.length) while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  const omitted = bytes.length - end + extraOmitted;
  const kept = decodeUtf8(bytes.subarray(0, end));
  return omitted > 0 ? `${kept}\n${truncationMarker(omitted)}` : kept;
}

/** Caps a string to `limit` UTF-8 bytes, with the marker when cut. */
export function capText(text: string, limit: number): string {
  const bytes = Buffer.from(text, "utf8");
  return bytes.length <= limit ? text : capBytes(bytes, limit);
}

/**
 * Caps a tool output: left alone when its JSON is within `limit` bytes, else replaced by the
 * start of that JSON text and the marker (a string the model can still read).
 */
export function capOutput(output: unknown, limit = defaultOutputLimitBytes): unknown {
  if (exceedsNestingDepth(output)) return `[output not shown: nested deeper than ${maxNestingDepth} levels]`;
  const text = JSON.stringify(output);
  if (text === undefined) return null;
  const bytes = Buffer.from(text, "utf8");
  return bytes.length <= limit ? output : capBytes(bytes, limit);
}
