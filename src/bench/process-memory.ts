/**
 * Resident memory of the current process. On Linux it is read from /proc/self/status: VmRSS (now)
 * and VmHWM (the peak, "high water mark"), which the kernel tracks exactly, so no sampling is
 * needed; the peak can be reset by writing 5 to /proc/self/clear_refs. Elsewhere the peak is
 * `process.resourceUsage().maxRSS`, which cannot be reset. Memory-mapped weights count once their
 * pages have been read.
 */
import { readFileSync, writeFileSync } from "node:fs";

/** Where a peak figure comes from. */
export type PeakRssSource = "VmHWM" | "maxRSS";

/** Current and peak resident memory in bytes. */
export interface ProcessMemory {
  rssBytes: number;
  peakRssBytes: number;
  source: PeakRssSource;
}

function statusField(status: string, field: string): number | undefined {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, "m").exec(status);
  return match ? Number(match[1]) * 1024 : undefined;
}

/** Reads the process's current and peak RSS. */
export function readProcessMemory(): ProcessMemory {
  try {
    const status = readFileSync("/proc/self/status", "utf8");
    const rssBytes = statusField(status, "VmRSS");
    const peakRssBytes = statusField(status, "VmHWM");
    if (rssBytes !== undefined && peakRssBytes !== undefined)
      return { rssBytes, peakRssBytes, source: "VmHWM" };
  } catch {
    // Not Linux: fall through to what Node.js reports.
  }
  return {
    rssBytes: process.memoryUsage.rss(),
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    source: "maxRSS",
  };
}

/** Resets the peak (VmHWM) to the current RSS. Returns false where that is not possible. */
export function resetPeakRss(): boolean {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    return true;
  } catch {
    return false;
  }
}
