/**
 * The progress of a download, said out loud on stderr: bytes so far of the total, the rate and the
 * time left. On a terminal one line rewritten in place (at most a few times a second); otherwise
 * plain lines, sparse: one per quarter of the file or per 30 s, whichever comes first, and the end.
 */
import { formatBytes } from "../../text/byte-units.js";

/** Where progress goes and how time is read (tests pass their own). */
export interface ProgressSink {
  write(text: string): void;
  /** True for a terminal: one line rewritten in place. */
  isTTY: boolean;
  /** Milliseconds, monotonic; default `performance.now()`. */
  now?: () => number;
}

/** Reports a download's progress. */
export interface DownloadProgress {
  /** `bytes` so far (including those a resumed download already had). */
  update(bytes: number): void;
  /** The download finished (`verified`: its sha256 matched) or stopped (the line is ended). */
  finish(outcome: "verified" | "stopped"): void;
}

/** Least ms between two rewrites of the terminal line. */
const ttyIntervalMs = 250;
/** Most ms between two plain lines. */
const plainIntervalMs = 30_000;

/** `ms` as `1h 02m`, `3m 05s` or `12s`. */
export function formatEta(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, "0")}m`;
  if (minutes > 0) return `${minutes}m ${String(rest).padStart(2, "0")}s`;
  return `${rest}s`;
}

/** The line for `bytes` of `total`, `startBytes` of which were there before, after `elapsedMs`. */
export function progressLine(
  name: string,
  bytes: number,
  total: number,
  startBytes: number,
  elapsedMs: number,
): string {
  const percent = total === 0 ? 100 : Math.floor((bytes / total) * 100);
  const fetched = bytes - startBytes;
  // A rate needs a second of data; before that it (and the ETA) would be noise.
  const rate = elapsedMs >= 1000 && fetched > 0 ? fetched / (elapsedMs / 1000) : undefined;
  const speed = rate === undefined ? "" : `, ${formatBytes(rate)}/s`;
  const eta =
    rate === undefined ? "" : bytes >= total ? "" : `, ETA ${formatEta(((total - bytes) / rate) * 1000)}`;
  return `downloading ${name}: ${formatBytes(bytes)} of ${formatBytes(total)} (${percent} %)${speed}${eta}`;
}

/**
 * Starts reporting a download of `total` bytes of `name`, `startBytes` already there (a resume:
 * the rate counts only what this run fetches).
 */
export function startDownloadProgress(
  sink: ProgressSink,
  name: string,
  total: number,
  startBytes: number,
): DownloadProgress {
  const now = sink.now ?? (() => performance.now());
  const started = now();
  // A terminal line is drawn at once; plain lines wait for a quarter or the interval.
  let lastWrite = sink.isTTY ? Number.NEGATIVE_INFINITY : started;
  let lastQuarter = Math.floor((startBytes / Math.max(total, 1)) * 4);
  let current = startBytes;
  let lineOpen = false;
  const resumed = startBytes > 0 ? ` (resuming at ${formatBytes(startBytes)})` : "";
  sink.write(`edgecall: downloading ${name}, ${formatBytes(total)}${resumed}\n`);
  return {
    update(bytes) {
      current = bytes;
      const at = now();
      if (sink.isTTY) {
        if (at - lastWrite < ttyIntervalMs) return;
        lastWrite = at;
        lineOpen = true;
        sink.write(`\r\x1b[Kedgecall: ${progressLine(name, bytes, total, startBytes, at - started)}`);
        return;
      }
      const quarter = Math.floor((bytes / Math.max(total, 1)) * 4);
      const crossed = quarter > lastQuarter && bytes < total;
      if (!crossed && at - lastWrite < plainIntervalMs) return;
      if (crossed) lastQuarter = quarter;
      lastWrite = at;
      sink.write(`edgecall: ${progressLine(name, bytes, total, startBytes, at - started)}\n`);
    },
    finish(outcome) {
      const elapsed = now() - started;
      const fetched = current - startBytes;
      const rate = elapsed > 0 ? ` at ${formatBytes(fetched / (elapsed / 1000))}/s` : "";
      const prefix = lineOpen ? "\r\x1b[K" : "";
      sink.write(
        outcome === "verified"
          ? `${prefix}edgecall: downloaded ${name}: ${formatBytes(fetched)} in ${formatEta(elapsed)}${rate}; sha256 verified\n`
          : `${prefix}edgecall: download of ${name} stopped at ${formatBytes(current)} of ${formatBytes(total)}\n`,
      );
    },
  };
}
