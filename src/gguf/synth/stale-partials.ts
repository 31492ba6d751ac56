/**
 * Partial files a killed writer left behind. {@link synthesizeGguf} writes `<out>.<pid>-<n>.partial`
 * and renames it when complete; a process killed mid-write (Ctrl-C during a 800 MB bench model)
 * cannot remove its partial file, which would then sit in the model cache for good. Before writing,
 * the partial files of the same output whose writer process no longer exists are removed; those of
 * live processes (a concurrent writer) are left alone.
 */
import { readdir, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Whether a process with this id exists (one we may not signal still exists). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Removes the partial files of `outputPath` whose writer is gone; returns their paths. Best effort:
 * a folder that cannot be read, or a file that cannot be removed, is skipped silently.
 */
export async function removeStalePartials(
  outputPath: string,
  exists: (pid: number) => boolean = processExists,
): Promise<string[]> {
  const directory = dirname(outputPath);
  const pattern = new RegExp(`^${escapeRegExp(basename(outputPath))}\\.(\\d+)-\\d+\\.partial$`);
  let names: string[];
  try {
    names = await readdir(directory);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || exists(pid)) continue;
    const path = join(directory, name);
    try {
      await rm(path, { force: true });
      removed.push(path);
    } catch {
      // Someone else's file we may not remove: leave it.
    }
  }
  return removed;
}
