/**
 * The text commands of BFCL's `GorillaFileSystem` that read files of the current directory:
 * `wc`, `sort`, `grep`, `du`, `tail` and `diff`, with the Python class's results and error texts
 * (gorilla 6ea57973). The class and its other commands are gorilla-file-system.ts.
 */
import { errorResult } from "./error-result.js";
import { type FsDirectory, FsFile } from "./file-system-nodes.js";
import { PyDict, type PyObj, pyContains, pyError, pyTruthy } from "./py-object.js";
import { compareCodePoints, formatFixed, pyCompare } from "./py-ops.js";
import { pyStrOf } from "./py-render.js";
import { pyLen, sliceFrom, splitLines, splitWhitespace, strSelf } from "./py-str.js";

type Result = PyObj;
const dict = (...entries: Array<[string, PyObj]>): PyDict => new PyDict(entries);

function fileIn(current: FsDirectory, name: PyObj): FsFile | undefined {
  if (!current.contents.has(name)) return undefined;
  const item = current.item(name);
  return item instanceof FsFile ? item : undefined;
}

/** `wc`: lines, words or characters of a file (`mode` l, w or c). */
export function wc(current: FsDirectory, name: PyObj, mode: PyObj): Result {
  if (mode !== "l" && mode !== "w" && mode !== "c") return errorResult(`wc: invalid mode '${pyStrOf(mode)}'`);
  const file = fileIn(current, name);
  if (file) {
    const content = strSelf(file.content, "splitlines");
    if (mode === "l") return dict(["count", BigInt(splitLines(content).length)], ["type", "lines"]);
    if (mode === "w") return dict(["count", BigInt(splitWhitespace(content).length)], ["type", "words"]);
    return dict(["count", BigInt(pyLen(content))], ["type", "characters"]);
  }
  return errorResult(`wc: ${pyStrOf(name)}: No such file or directory`);
}

/** `sort`: a file's lines in code-point order. */
export function sort(current: FsDirectory, name: PyObj): Result {
  const file = fileIn(current, name);
  if (file) {
    const lines = splitLines(strSelf(file.content, "splitlines")).sort(compareCodePoints);
    return dict(["sorted_content", lines.join("\n")]);
  }
  return errorResult(`sort: ${pyStrOf(name)}: No such file or directory`);
}

/** `grep`: a file's lines that contain `pattern`. */
export function grep(current: FsDirectory, name: PyObj, pattern: PyObj): Result {
  const file = fileIn(current, name);
  if (file) {
    const lines = splitLines(strSelf(file.content, "splitlines")).filter((line) => pyContains(line, pattern));
    return dict(["matching_lines", lines]);
  }
  return errorResult(`grep: ${pyStrOf(name)}: No such file or directory`);
}

/** `du`: the bytes under the current directory, optionally human-readable. */
export function du(current: FsDirectory, human: PyObj): Result {
  const size = (item: FsFile | FsDirectory): number =>
    item instanceof FsFile
      ? Buffer.byteLength(strSelf(item.content, "encode"), "utf8")
      : item.contents
          .values()
          .reduce((total: number, child) => total + size(child as FsFile | FsDirectory), 0);
  const total = size(current);
  if (!pyTruthy(human)) return dict(["disk_usage", `${total} bytes`]);
  let value = total;
  for (const unit of ["B", "KB", "MB", "GB", "TB"]) {
    if (value < 1024) return dict(["disk_usage", `${formatFixed(value, 2)} ${unit}`]);
    value /= 1024;
  }
  return dict(["disk_usage", `${formatFixed(value, 2)} PB`]);
}

/** `tail`: a file's last lines. */
export function tail(current: FsDirectory, name: PyObj, linesArg: PyObj): Result {
  const file = fileIn(current, name);
  if (file) {
    const content = splitLines(strSelf(file.content, "splitlines"));
    let lines = linesArg;
    if (pyCompare(">", lines, BigInt(content.length))) lines = BigInt(content.length);
    if (typeof lines !== "bigint" && typeof lines !== "boolean")
      throw pyError("TypeError", "slice indices must be integers or None or have an __index__ method");
    const count = Number(lines);
    return dict(["last_lines", sliceFrom(content, -count).join("\n")]);
  }
  return errorResult(`tail: ${pyStrOf(name)}: No such file or directory`);
}

/** `diff`: the lines that differ at the same position in two files. */
export function diff(current: FsDirectory, first: PyObj, second: PyObj): Result {
  if (current.contents.has(first) && current.contents.has(second)) {
    const a = current.item(first);
    const b = current.item(second);
    if (a instanceof FsFile && b instanceof FsFile) {
      const left = splitLines(strSelf(a.content, "splitlines"));
      const right = splitLines(strSelf(b.content, "splitlines"));
      const lines: string[] = [];
      for (let index = 0; index < Math.min(left.length, right.length); index += 1)
        if (left[index] !== right[index]) lines.push(`- ${left[index]}\n+ ${right[index]}`);
      return dict(["diff_lines", lines.join("\n")]);
    }
  }
  return errorResult(`diff: ${pyStrOf(first)} or ${pyStrOf(second)}: No such file or directory`);
}
