/**
 * Reading folders of the sandbox: one folder's entries (capped; refused when the folder was
 * swapped between the check and the read) and a depth-first walk (capped). Entries are sorted by
 * name, links are reported and never followed, and the sandbox's own temporary files are skipped.
 */
import { lstatSync, readdirSync, realpathSync, statSync } from "node:fs";
import { permission, reservedPrefix } from "./sandbox-paths.js";

/** One entry of a listing or a walk. */
export interface SandboxEntry {
  path: string;
  type: "file" | "folder" | "symlink" | "other";
  size?: number;
}

/** How a listing shows paths and how much it shows; `hook` is the sandbox's test hook. */
export interface ListingOptions {
  display: (absolute: string) => string;
  maxEntries: number;
  hook?: (absolute: string, operation: "list") => void;
}

/** The entries of the folder `real` (resolved and checked; `shown` as the caller gave it). */
export function listFolder(
  real: string,
  shown: string,
  options: ListingOptions,
): { path: string; entries: SandboxEntry[]; omitted: number } {
  const before = statSync(real);
  options.hook?.(real, "list");
  const names = readdirSync(real, { withFileTypes: true });
  let after: ReturnType<typeof statSync> | undefined;
  let again: string | undefined;
  try {
    again = realpathSync(real);
    after = statSync(again);
  } catch {}
  if (again !== real || after?.ino !== before.ino || after?.dev !== before.dev) {
    throw permission(`'${shown}' changed while it was being listed`);
  }
  const visible = names.filter((entry) => !entry.name.startsWith(reservedPrefix));
  visible.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  const entries: SandboxEntry[] = [];
  for (const entry of visible.slice(0, options.maxEntries)) {
    const absolute = `${real}/${entry.name}`;
    const type = entry.isSymbolicLink()
      ? "symlink"
      : entry.isDirectory()
        ? "folder"
        : entry.isFile()
          ? "file"
          : "other";
    const item: SandboxEntry = { path: options.display(absolute), type };
    if (type === "file") {
      try {
        item.size = lstatSync(absolute).size;
      } catch {}
    }
    entries.push(item);
  }
  return { path: options.display(real), entries, omitted: Math.max(0, visible.length - entries.length) };
}

/** Every entry under the folder `start`, depth first, sorted by name; stops after `limit` entries. */
export function walkFolder(
  start: string,
  limit: number,
  display: (absolute: string) => string,
): SandboxEntry[] {
  const found: SandboxEntry[] = [];
  const visit = (folder: string) => {
    const names = readdirSync(folder, { withFileTypes: true }).sort((left, right) =>
      left.name < right.name ? -1 : left.name > right.name ? 1 : 0,
    );
    for (const entry of names) {
      if (found.length >= limit) return;
      if (entry.name.startsWith(reservedPrefix)) continue;
      const absolute = `${folder}/${entry.name}`;
      if (entry.isSymbolicLink()) found.push({ path: display(absolute), type: "symlink" });
      else if (entry.isDirectory()) {
        found.push({ path: display(absolute), type: "folder" });
        visit(absolute);
      } else if (entry.isFile())
        found.push({ path: display(absolute), type: "file", size: lstatSync(absolute).size });
      else found.push({ path: display(absolute), type: "other" });
    }
  };
  if (statSync(start).isDirectory()) visit(start);
  return found;
}
