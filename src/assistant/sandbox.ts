/**
 * The files sandbox: one folder the file tools may read and change, nothing outside it. Paths are
 * resolved by {@link SandboxPaths}; files are opened with O_NOFOLLOW (and O_NONBLOCK, so a FIFO
 * cannot hang a read), and after opening the descriptor's real location is checked again
 * (/proc/self/fd on Linux, else realpath plus device/inode comparison), so a symbolic link swapped
 * in between the check and the open is caught. Writes go to a fresh `O_EXCL` file beside the
 * target, are checked the same way, then renamed over the target. A regular file with more than
 * one hard link is neither read nor written (another of its names may lie outside), and names
 * starting with the reserved temporary prefix are refused (sandbox-paths.ts). Reads, writes and
 * listings are capped. Residual race (documented): a parent folder swapped for a link between the
 * final check and the rename of a write makes the rename fail rather than land outside. The write
 * step is sandbox-atomic-write.ts, listings and walks sandbox-listing.ts.
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
} from "node:fs";
import { dirname } from "node:path";
import { capBytes } from "../guards/output-cap.js";
import { ToolError } from "../tools/tool.js";
import { writeThroughTemporary } from "./sandbox-atomic-write.js";
import { hashDescriptor, readDescriptor, verifyDescriptor } from "./sandbox-descriptors.js";
import { listFolder, type SandboxEntry, walkFolder } from "./sandbox-listing.js";
import { isInside, permission, precondition, SandboxPaths } from "./sandbox-paths.js";

/** Size caps of the sandbox, in bytes and entries. */
export interface SandboxLimits {
  maxReadBytes: number;
  maxWriteBytes: number;
  maxListEntries: number;
  maxSearchFiles: number;
  maxSearchFileBytes: number;
}

/** Default caps: 24 KiB shown per read, 1 MiB per write, 500 entries per listing. */
export const defaultSandboxLimits: SandboxLimits = {
  maxReadBytes: 24 * 1024,
  maxWriteBytes: 1024 * 1024,
  maxListEntries: 500,
  maxSearchFiles: 2000,
  maxSearchFileBytes: 256 * 1024,
};

/** Test hook: runs between the path checks and the operation, to simulate a swapped-in link. */
export type SandboxHook = (
  absolutePath: string,
  operation: "read" | "write" | "list" | "move" | "delete",
) => void;

/**
 * Refuses a regular file with more than one hard link: another name for it may lie outside the
 * sandbox (a link planted there names an outside file, and no path check can tell which name is
 * the original), so such a file is neither read nor written.
 */
function refuseHardLinks(stats: { isFile(): boolean; nlink: number }, shown: string): void {
  if (stats.isFile() && stats.nlink > 1) {
    throw permission(
      `'${shown}' has ${stats.nlink} hard links; a hard-linked file may be a file outside the sandbox and is not opened`,
    );
  }
}

/** The sandboxed folder. Construct once per world; the root is resolved with realpath here. */
export class Sandbox {
  readonly root: string;
  readonly limits: SandboxLimits;
  /** Set by tests only. */
  hook: SandboxHook | undefined;
  private readonly paths: SandboxPaths;
  /** False: writes skip fsync (throwaway worlds). */
  private readonly durable: boolean;

  constructor(
    root: string,
    options: { limits?: Partial<SandboxLimits>; hook?: SandboxHook; durable?: boolean } = {},
  ) {
    this.durable = options.durable !== false;
    this.root = realpathSync(root);
    this.limits = { ...defaultSandboxLimits, ...options.limits };
    this.hook = options.hook;
    this.paths = new SandboxPaths(this.root);
  }

  /**
   * The precondition form of the path checks: null when `path` passes (for an existing entry, a
   * file to create, or an entry itself), else the refusal.
   */
  checkPath(
    path: string,
    kind: "existing" | "create" | "entry",
  ): { type: "permission" | "precondition"; message: string } | null {
    try {
      if (kind === "existing") this.paths.existing(path);
      else if (kind === "create") this.paths.forCreate(path);
      else this.paths.entry(path);
      return null;
    } catch (error) {
      if (error instanceof ToolError && (error.type === "permission" || error.type === "precondition")) {
        return {
          type: error.type,
          message: error.message,
          ...(error.madeOf === undefined ? {} : { madeOf: error.madeOf }),
        };
      }
      throw error;
    }
  }

  /** A path as shown to the model (relative to the root, `/`-separated). */
  display(absolute: string): string {
    return this.paths.display(absolute);
  }

  /** Refuses a descriptor that does not lie at `expected` inside the root. */
  private verifyDescriptor(fd: number, expected: string, shown: string): void {
    verifyDescriptor(this.root, fd, expected, shown);
  }

  /** Reads a text file: its content up to `limit` bytes (default: the read cap; invalid UTF-8 becomes U+FFFD). */
  read(
    path: string,
    limit = this.limits.maxReadBytes,
  ): { path: string; size: number; content: string; binary: boolean } {
    const real = this.paths.existing(path);
    this.hook?.(real, "read");
    let fd: number;
    try {
      fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ELOOP") throw permission(`'${path}' is a symbolic link and is not followed`);
      if (code === "ENOENT") throw precondition(`'${path}' does not exist`);
      throw precondition(`'${path}' cannot be opened: ${code ?? (error as Error).message}`);
    }
    try {
      this.verifyDescriptor(fd, real, path);
      const stats = fstatSync(fd);
      if (stats.isDirectory()) throw precondition(`'${path}' is a folder; use files_list`);
      if (!stats.isFile()) throw permission(`'${path}' is not a regular file`);
      refuseHardLinks(stats, path);
      const bytes = readDescriptor(fd, Math.min(stats.size, limit));
      return {
        path: this.display(real),
        size: stats.size,
        content: capBytes(bytes, limit, Math.max(0, stats.size - bytes.length)),
        binary: bytes.includes(0),
      };
    } finally {
      closeSync(fd);
    }
  }

  /** Creates or replaces a file (creating missing folders). `ifExists` decides what happens to an existing file. */
  write(
    path: string,
    content: string,
    ifExists: "overwrite" | "append" | "fail" = "overwrite",
  ): { path: string; bytes: number; created: boolean } {
    let bytes = Buffer.from(content, "utf8");
    const target = this.paths.forCreate(path);
    if (target.exists) {
      const stats = lstatSync(target.absolute);
      if (!stats.isFile()) throw precondition(`'${path}' exists and is not a file`);
      refuseHardLinks(stats, path);
      if (ifExists === "fail") throw precondition(`'${path}' already exists`);
      if (ifExists === "append") bytes = Buffer.concat([this.readAll(target.absolute, path), bytes]);
    }
    if (bytes.length > this.limits.maxWriteBytes) {
      throw precondition(
        `content of '${path}' is ${bytes.length} bytes; the limit is ${this.limits.maxWriteBytes}`,
      );
    }
    for (const folder of target.missing) {
      mkdirSync(folder);
      const real = realpathSync(folder);
      if (real !== folder) throw permission(`'${path}' changed while its folders were being created`);
    }
    this.hook?.(target.absolute, "write");
    writeThroughTemporary(this.root, target.absolute, bytes, { shown: path, durable: this.durable });
    return { path: this.display(target.absolute), bytes: bytes.length, created: !target.exists };
  }

  private readAll(real: string, shown: string): Buffer {
    const fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      this.verifyDescriptor(fd, real, shown);
      const stats = fstatSync(fd);
      refuseHardLinks(stats, shown);
      const size = stats.size;
      if (size > this.limits.maxWriteBytes) throw precondition(`'${shown}' is too large to append to`);
      return readDescriptor(fd, size);
    } finally {
      closeSync(fd);
    }
  }

  /** Lists a folder (default: the root), up to the listing cap. Links are shown, never followed. */
  list(path = "."): { path: string; entries: SandboxEntry[]; omitted: number } {
    const real = this.paths.existing(path);
    if (!statSync(real).isDirectory()) throw precondition(`'${path}' is a file, not a folder`);
    return listFolder(real, path, {
      display: (absolute) => this.display(absolute),
      maxEntries: this.limits.maxListEntries,
      ...(this.hook === undefined ? {} : { hook: this.hook }),
    });
  }

  /** Moves or renames a file or folder inside the sandbox. The destination must not exist. */
  move(from: string, to: string): { from: string; to: string } {
    const source = this.paths.entry(from);
    if (source.stats.isSymbolicLink()) throw permission(`'${from}' is a symbolic link; links are not moved`);
    const destination = this.paths.forCreate(to);
    if (destination.exists) throw precondition(`'${to}' already exists`);
    if (isInside(source.absolute, destination.absolute))
      throw precondition(`cannot move '${from}' into itself`);
    for (const folder of destination.missing) mkdirSync(folder);
    this.hook?.(source.absolute, "move");
    this.recheckParent(source.absolute, from);
    this.recheckParent(destination.absolute, to);
    renameSync(source.absolute, destination.absolute);
    return { from: this.display(source.absolute), to: this.display(destination.absolute) };
  }

  /** Deletes a file, or a folder (`recursive` for a non-empty one). Links are refused. */
  delete(path: string, recursive = false): { path: string; type: "file" | "folder" } {
    const target = this.paths.entry(path);
    if (target.stats.isSymbolicLink())
      throw permission(`'${path}' is a symbolic link; links are not deleted`);
    this.hook?.(target.absolute, "delete");
    this.recheckParent(target.absolute, path);
    if (target.stats.isDirectory()) {
      try {
        if (recursive) rmSync(target.absolute, { recursive: true });
        else rmdirSync(target.absolute);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOTEMPTY") {
          throw precondition(
            `folder '${path}' is not empty; pass recursive: true to delete it with its contents`,
          );
        }
        throw error;
      }
      return { path: this.display(target.absolute), type: "folder" };
    }
    unlinkSync(target.absolute);
    return { path: this.display(target.absolute), type: "file" };
  }

  /** Refuses when the parent of `absolute` no longer resolves to itself (a link swapped in). */
  private recheckParent(absolute: string, shown: string): void {
    let parent: string | undefined;
    try {
      parent = realpathSync(dirname(absolute));
    } catch {}
    if (parent !== dirname(absolute)) throw permission(`'${shown}' changed while it was being checked`);
  }

  /**
   * Every entry under a folder, depth first, sorted by name; links are reported, never followed.
   * Stops after `limit` entries.
   */
  walk(path = ".", limit = this.limits.maxSearchFiles): SandboxEntry[] {
    const start = this.paths.existing(path);
    return walkFolder(start, limit, (absolute) => this.display(absolute));
  }

  /** sha256 and size of a file's bytes, read in chunks (for snapshots; no cap; never follows a link). */
  hash(path: string): { sha256: string; size: number } {
    const real = this.paths.existing(path);
    const fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      this.verifyDescriptor(fd, real, path);
      return hashDescriptor(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** Where a link inside the sandbox points (for snapshots). */
  linkTarget(path: string): string {
    const entry = this.paths.entry(path);
    return readlinkSync(entry.absolute);
  }
}
