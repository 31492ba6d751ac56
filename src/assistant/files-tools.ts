/**
 * File tools over the sandbox folder: list, read, write, move, delete and search. Paths are
 * relative to the sandbox root (`notes/todo.md`); anything leading outside it (`..`, absolute
 * paths, links pointing out) is refused with a `permission` error before and while the tool runs.
 * File contents and file names are untrusted (they may come from anywhere: a download names itself);
 * a path a tool shows back is the world's only where it differs from the path given (a folder
 * on the way is a link).
 */
import { posix } from "node:path";
import { searchFold } from "../text/search-fold.js";
import type { CallTarget, Tool } from "../tools/tool.js";
import type { Sandbox } from "./sandbox.js";
import type { StateSource } from "./state-source.js";
import { shownPaths, stringsUnderKeys } from "./untrusted-fields.js";

const pathProperty = (what: string) => ({
  type: "string",
  minLength: 1,
  maxLength: 1024,
  description: `${what}, relative to the files folder, e.g. 'notes/todo.md'`,
});
const contentKeys = new Set(["content", "text"]);

/** The names of the entries a listing or search shows (not the folder the model asked for). */
function entryPaths(output: unknown, key: "entries" | "results"): string[] {
  const entries = (output as Record<string, unknown> | null)?.[key];
  if (!Array.isArray(entries)) return [];
  return entries
    .map((entry) => (entry as { path?: unknown } | null)?.path)
    .filter((path): path is string => typeof path === "string");
}

/**
 * A path argument as a call target: named by the path as written, by its normal form
 * (`notes/todo.md` for `./notes//todo.md`), and by its last segment when no other entry in the
 * sandbox has that name (`todo.md`, if there is no other `todo.md` anywhere).
 */
function pathTarget(box: Sandbox, argument: string, path: string): CallTarget {
  const normal = posix
    .normalize(path.trim())
    .replace(/^(\.\/)+/, "")
    .replace(/\/+$/, "");
  const base = posix.basename(normal);
  const names = [path, normal];
  const clash = box.walk(".").some((entry) => entry.path !== normal && posix.basename(entry.path) === base);
  if (base !== "" && base !== "." && !clash) names.push(base);
  return { kind: "path", argument, value: normal, names: [...new Set(names)] };
}

/** Builds the file tools over a world's sandbox. */
export function filesTools(world: StateSource): Tool[] {
  const sandbox = () => world().sandbox;

  const list: Tool<{ path?: string }> = {
    definition: {
      name: "files_list",
      description: "List the files and folders in a folder (default: the top of the files folder).",
      parameters: {
        type: "object",
        properties: { path: { ...pathProperty("Folder"), minLength: 0 } },
        additionalProperties: false,
      },
    },
    sideEffect: "read",
    untrustedText: (output, input) => [
      ...entryPaths(output, "entries"),
      ...shownPaths([(output as { path?: unknown } | null)?.path], [input.path as string | undefined]),
    ],
    preconditions: (input) => sandbox().checkPath(input.path ?? ".", "existing"),
    async execute(input) {
      return sandbox().list(input.path ?? ".");
    },
  };

  const read: Tool<{ path: string }> = {
    definition: {
      name: "files_read",
      description: "Read a text file. Long files are cut with a '[truncated N bytes]' marker.",
      parameters: {
        type: "object",
        properties: { path: pathProperty("File") },
        required: ["path"],
        additionalProperties: false,
      },
    },
    sideEffect: "read",
    untrustedText: (output, input) => [
      ...stringsUnderKeys(output, contentKeys),
      ...shownPaths([(output as { path?: unknown } | null)?.path], [input.path as string]),
    ],
    preconditions: (input) => sandbox().checkPath(input.path, "existing"),
    async execute(input) {
      return sandbox().read(input.path);
    },
  };

  const write: Tool<{ path: string; content: string; if_exists?: "overwrite" | "append" | "fail" }> = {
    definition: {
      name: "files_write",
      description:
        "Write a text file, creating missing folders. An existing file is replaced unless if_exists is 'append' or 'fail'.",
      parameters: {
        type: "object",
        properties: {
          path: pathProperty("File"),
          content: { type: "string", maxLength: 1_000_000, description: "The text to write" },
          if_exists: {
            type: "string",
            enum: ["overwrite", "append", "fail"],
            default: "overwrite",
            description: "Default overwrite",
          },
        },
        required: ["path", "content"],
        additionalProperties: false,
      },
    },
    sideEffect: "write",
    untrustedText: (output, input) =>
      shownPaths([(output as { path?: unknown } | null)?.path], [input.path as string]),
    targetArguments: ["path"],
    intentWords: [
      "write",
      "save",
      "create",
      "store",
      "note",
      "append",
      "add",
      "put",
      "update",
      "record",
      "make",
    ],
    preconditions: (input) => sandbox().checkPath(input.path, "create"),
    targets: (input) => [pathTarget(sandbox(), "path", input.path)],
    async execute(input) {
      return sandbox().write(input.path, input.content, input.if_exists ?? "overwrite");
    },
  };

  const move: Tool<{ from: string; to: string }> = {
    definition: {
      name: "files_move",
      description: "Move or rename a file or folder. The destination must not exist yet.",
      parameters: {
        type: "object",
        properties: { from: pathProperty("What to move"), to: pathProperty("New path") },
        required: ["from", "to"],
        additionalProperties: false,
      },
    },
    sideEffect: "write",
    untrustedText: (output, input) => {
      const moved = (output ?? {}) as { from?: unknown; to?: unknown };
      return shownPaths([moved.from, moved.to], [input.from as string, input.to as string]);
    },
    targetArguments: ["from", "to"],
    intentWords: ["move", "rename", "put", "organize", "organise", "file", "sort"],
    preconditions: (input) =>
      sandbox().checkPath(input.from, "entry") ?? sandbox().checkPath(input.to, "create"),
    targets: (input) => [pathTarget(sandbox(), "from", input.from), pathTarget(sandbox(), "to", input.to)],
    async execute(input) {
      return sandbox().move(input.from, input.to);
    },
  };

  const remove: Tool<{ path: string; recursive?: boolean }> = {
    definition: {
      name: "files_delete",
      description: "Delete a file, or a folder (a folder with contents needs recursive: true).",
      parameters: {
        type: "object",
        properties: {
          path: pathProperty("File or folder"),
          recursive: {
            type: "boolean",
            default: false,
            description: "Also delete a folder's contents (default false)",
          },
        },
        required: ["path"],
        additionalProperties: false,
      },
    },
    sideEffect: "write",
    untrustedText: (output, input) =>
      shownPaths([(output as { path?: unknown } | null)?.path], [input.path as string]),
    targetArguments: ["path"],
    intentWords: ["delete", "remove", "erase", "clean", "trash", "get rid"],
    preconditions: (input) => sandbox().checkPath(input.path, "entry"),
    targets: (input) => [pathTarget(sandbox(), "path", input.path)],
    async execute(input) {
      return sandbox().delete(input.path, input.recursive === true);
    },
  };

  const search: Tool<{ query: string; in?: "name" | "content" | "both"; path?: string; limit?: number }> = {
    definition: {
      name: "files_search",
      description:
        "Find files whose name or content contains the query, ignoring case and accents. Content matches show the matching lines.",
      parameters: {
        type: "object",
        properties: {
          query: { type: "string", minLength: 1, maxLength: 200 },
          in: {
            type: "string",
            enum: ["name", "content", "both"],
            description: "Where to look (default both)",
          },
          path: { ...pathProperty("Folder to search"), minLength: 0 },
          limit: { type: "integer", minimum: 1, maximum: 100, description: "Most results (default 20)" },
        },
        required: ["query"],
        additionalProperties: false,
      },
    },
    sideEffect: "read",
    untrustedText: (output) => [...entryPaths(output, "results"), ...stringsUnderKeys(output, contentKeys)],
    preconditions: (input) => sandbox().checkPath(input.path ?? ".", "existing"),
    async execute(input) {
      const box = sandbox();
      const where = input.in ?? "both";
      // A blank query (white space only) has an empty search form, which every text contains:
      // it keeps its literal, lowercased meaning instead.
      const needle = searchFold(input.query) || input.query.toLowerCase();
      const limit = input.limit ?? 20;
      const results: { path: string; name_match: boolean; lines?: { line: number; text: string }[] }[] = [];
      let scanned = 0;
      for (const entry of box.walk(input.path ?? ".")) {
        if (results.length >= limit) break;
        if (entry.type !== "file") continue;
        const nameMatch = where !== "content" && searchFold(entry.path).includes(needle);
        let lines: { line: number; text: string }[] = [];
        if (where !== "name") {
          scanned += 1;
          let content = "";
          try {
            content = box.read(entry.path, box.limits.maxSearchFileBytes).content;
          } catch {
            continue;
          }
          content.split("\n").forEach((text, index) => {
            if (lines.length < 3 && searchFold(text).includes(needle))
              lines.push({ line: index + 1, text: text.slice(0, 200) });
          });
        }
        if (!nameMatch && lines.length === 0) continue;
        results.push({ path: entry.path, name_match: nameMatch, ...(lines.length > 0 ? { lines } : {}) });
        lines = [];
      }
      return { query: input.query, results, files_scanned: scanned };
    },
  };

  return [list, read, write, move, remove, search];
}
