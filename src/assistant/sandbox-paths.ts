/**
 * Path resolution for the files sandbox. A path is relative to the sandbox root; it must not hold
 * a NUL byte, must not be absolute, and must stay inside the root lexically and after resolving
 * every symbolic link with realpath. Containment is `target === root || target.startsWith(root + sep)`,
 * never a bare string prefix (so `root-evil` is outside). Names are compared byte for byte: no
 * Unicode normalisation is applied, so no spelling can turn into `..` or `/`.
 */
import { lstatSync, realpathSync, type Stats } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { ToolError } from "../tools/tool.js";

/** Longest relative path accepted, in characters. */
export const maxPathLength = 1024;

/**
 * The name prefix of the sandbox's own temporary files (a write goes to one, then is renamed
 * over its target). Listings, searches and the world hash skip such names, so no path whose
 * component starts with it is accepted from a caller: a file saved so would be invisible.
 */
export const reservedPrefix = ".edgecall-write-";

/**
 * A refusal to touch something outside (or not allowed inside) the sandbox. Sandbox messages
 * quote only the path as given (and the error code), so they hold no data from the world.
 */
export function permission(message: string): ToolError {
  return new ToolError("permission", message, { madeOf: "user-input-only" });
}

/** The call was fine but the file system is not in the state it needs (quoting the path as given). */
export function precondition(message: string): ToolError {
  return new ToolError("precondition", message, { madeOf: "user-input-only" });
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** True when `target` (already absolute and normalised) is the root or inside it. */
export function isInside(root: string, target: string): boolean {
  return target === root || target.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** Resolves symbolic paths under one root; every method throws `permission`/`precondition` tool errors. */
export class SandboxPaths {
  constructor(readonly root: string) {}

  /** Shows an absolute path inside the root as the model wrote it: relative, with `/`. */
  display(absolute: string): string {
    const shown = relative(this.root, absolute).split(sep).join("/");
    return shown === "" ? "." : shown;
  }

  /** Checks the text of a path and returns its lexical absolute form inside the root. */
  lexical(path: string): string {
    if (typeof path !== "string") throw permission("path must be a string");
    if (path.includes("\0")) throw permission("path contains a NUL byte");
    if (path.length > maxPathLength) throw permission(`path is longer than ${maxPathLength} characters`);
    if (isAbsolute(path))
      throw permission(`absolute path '${path}' is not allowed; give a path relative to the sandbox root`);
    const absolute = resolve(this.root, path === "" ? "." : path);
    if (!isInside(this.root, absolute)) throw permission(`path '${path}' leads outside the sandbox`);
    if (
      relative(this.root, absolute)
        .split(sep)
        .some((name) => name.startsWith(reservedPrefix))
    ) {
      throw permission(
        `names starting with '${reservedPrefix}' are reserved for edgecall's temporary files; choose another name`,
      );
    }
    return absolute;
  }

  /** realpath of an absolute path that must exist; outside the root is refused. */
  real(absolute: string, shown: string): string {
    let real: string;
    try {
      real = realpathSync(absolute);
    } catch (error) {
      const code = errorCode(error);
      if (code === "ENOENT" || code === "ENOTDIR") {
        let link = false;
        try {
          link = lstatSync(absolute).isSymbolicLink();
        } catch {}
        if (link) throw permission(`'${shown}' is a dangling symbolic link`);
        throw precondition(`'${shown}' does not exist`);
      }
      if (code === "ELOOP") throw permission(`'${shown}' is a symbolic link loop`);
      if (code === "EACCES") throw permission(`'${shown}' cannot be accessed`);
      throw precondition(`'${shown}': ${(error as Error).message}`);
    }
    if (!isInside(this.root, real)) throw permission(`'${shown}' resolves outside the sandbox`);
    return real;
  }

  /** An existing file or folder: its real path (all links resolved, inside the root). */
  existing(path: string): string {
    return this.real(this.lexical(path), path);
  }

  /**
   * An existing entry itself, not what it links to: its parent resolved with realpath (inside the
   * root) joined with its own name, plus its lstat. Refuses the root itself.
   */
  entry(path: string): { absolute: string; stats: Stats } {
    const lexical = this.lexical(path);
    if (lexical === this.root) throw permission("the sandbox root itself cannot be moved or deleted");
    const parent = this.real(dirname(lexical), path);
    const absolute = join(parent, basename(lexical));
    try {
      return { absolute, stats: lstatSync(absolute) };
    } catch (error) {
      if (errorCode(error) === "ENOENT") throw precondition(`'${path}' does not exist`);
      throw precondition(`'${path}': ${(error as Error).message}`);
    }
  }

  /**
   * Where a file may be created or replaced: the deepest existing ancestor resolved with realpath
   * (inside the root), then the missing components, which must not exist at all (a dangling link
   * counts as existing and is refused). When the target exists it must resolve inside the root.
   * `missing` lists the folders to create, outermost first.
   */
  forCreate(path: string): { absolute: string; missing: string[]; exists: boolean } {
    const lexical = this.lexical(path);
    if (lexical === this.root) throw permission("the sandbox root is a folder, not a file");
    const components = relative(this.root, lexical).split(sep);
    let existingDepth = 0;
    for (let depth = 1; depth <= components.length; depth++) {
      try {
        lstatSync(join(this.root, ...components.slice(0, depth)));
        existingDepth = depth;
      } catch (error) {
        if (errorCode(error) === "ENOENT") break;
        if (errorCode(error) === "ENOTDIR")
          throw precondition(`a parent of '${path}' is a file, not a folder`);
        throw precondition(`'${path}': ${(error as Error).message}`);
      }
    }
    const anchor = this.real(join(this.root, ...components.slice(0, existingDepth)), path);
    const rest = components.slice(existingDepth);
    const absolute = join(anchor, ...rest);
    const missing: string[] = [];
    for (let index = 1; index < rest.length; index++) missing.push(join(anchor, ...rest.slice(0, index)));
    return { absolute, missing, exists: rest.length === 0 };
  }
}
