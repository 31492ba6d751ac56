/**
 * BFCL's `GorillaFileSystem`: a tree of directories and files with a current directory, and
 * shell-like methods (`ls`, `cd`, `mkdir`, `mv`, `cp`, `grep`, `wc`, ...). Same state, results
 * and error texts as the Python class at gorilla 6ea57973, quirks included: `pwd` always prints
 * the root's name, `mv` keeps the moved directory's children (with their old parent), `cp` of a
 * directory shares its children with the source.
 */
import { type ApiContext, type ApiMethod, type MultiTurnApi, methodTable, params } from "./api-class.js";
import { errorResult } from "./error-result.js";
import { FsDirectory, FsFile } from "./file-system-nodes.js";
import { longContextValue } from "./long-context.js";
import { PyDict, type PyObj, pyContains, pyError, pyTruthy } from "./py-object.js";
import { compareCodePoints, formatFixed, pyCompare } from "./py-ops.js";
import { pyStrOf } from "./py-render.js";
import { pyLen, rstripChars, sliceFrom, splitLines, splitWhitespace, stripChars, strSelf } from "./py-str.js";

type Result = PyObj;
const dict = (...entries: Array<[string, PyObj]>): PyDict => new PyDict(entries);

/** The Gorilla file system. */
export class GorillaFileSystem implements MultiTurnApi {
  private static readonly table = methodTable<GorillaFileSystem>([
    ["pwd", params(), (self) => self.pwd()],
    ["ls", params(["a", false]), (self, [a]) => self.ls(a as PyObj)],
    ["cd", params("folder"), (self, [folder]) => self.cd(folder as PyObj)],
    ["mkdir", params("dir_name"), (self, [name]) => self.mkdir(name as PyObj)],
    ["touch", params("file_name"), (self, [name]) => self.touch(name as PyObj)],
    [
      "echo",
      params("content", ["file_name", null]),
      (self, [content, name]) => self.echo(content as PyObj, name as PyObj),
    ],
    ["cat", params("file_name"), (self, [name]) => self.cat(name as PyObj)],
    [
      "find",
      params(["path", "."], ["name", null]),
      (self, [path, name]) => self.find(path as PyObj, name as PyObj),
    ],
    ["wc", params("file_name", ["mode", "l"]), (self, [name, mode]) => self.wc(name as PyObj, mode as PyObj)],
    ["sort", params("file_name"), (self, [name]) => self.sort(name as PyObj)],
    [
      "grep",
      params("file_name", "pattern"),
      (self, [name, pattern]) => self.grep(name as PyObj, pattern as PyObj),
    ],
    ["du", params(["human_readable", false]), (self, [human]) => self.du(human as PyObj)],
    [
      "tail",
      params("file_name", ["lines", 10n]),
      (self, [name, lines]) => self.tail(name as PyObj, lines as PyObj),
    ],
    ["diff", params("file_name1", "file_name2"), (self, [a, b]) => self.diff(a as PyObj, b as PyObj)],
    [
      "mv",
      params("source", "destination"),
      (self, [source, target]) => self.mv(source as PyObj, target as PyObj),
    ],
    ["rm", params("file_name"), (self, [name]) => self.rm(name as PyObj)],
    ["rmdir", params("dir_name"), (self, [name]) => self.rmdir(name as PyObj)],
    [
      "cp",
      params("source", "destination"),
      (self, [source, target]) => self.cp(source as PyObj, target as PyObj),
    ],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<GorillaFileSystem>> {
    return GorillaFileSystem.table;
  }

  readonly className = "GorillaFileSystem";
  longContext = false;
  root = new FsDirectory("/", null);
  private current = this.root;

  constructor(private readonly context: ApiContext) {}

  loadScenario(scenario: PyDict, longContext: boolean): void {
    this.longContext = longContext;
    this.root = new FsDirectory("/", null);
    const root = scenario.get("root");
    if (root instanceof PyDict && root.size > 0) {
      const name = root.keys()[0] as PyObj;
      const top = root.get(name) as PyDict;
      this.root = this.loadDirectory(top.get("contents") as PyDict, new FsDirectory(name, null));
    }
    this.current = this.root;
  }

  private loadDirectory(contents: PyDict, parent: FsDirectory): FsDirectory {
    let bottommost = true;
    const tailUsed = this.longContext ? (longContextValue(this.context, "FILES_TAIL_USED") as PyObj[]) : [];
    for (const [name, data] of contents.entries()) {
      const item = data as PyDict;
      if (item.get("type") === "directory") {
        bottommost = false;
        parent.contents.set(
          name,
          this.loadDirectory(item.get("contents") as PyDict, new FsDirectory(name, parent)),
        );
      } else if (item.get("type") === "file") {
        let content = item.get("content") as PyObj;
        if (this.longContext && !pyContains(tailUsed, name))
          content =
            (content as string) + (longContextValue(this.context, "FILE_CONTENT_EXTENSION") as string);
        parent.contents.set(name, new FsFile(name, content));
      }
    }
    if (bottommost && this.longContext) {
      for (const name of longContextValue(this.context, "POPULATE_FILE_EXTENSION") as PyObj[])
        parent.addFile(name);
    }
    return parent;
  }

  state(): Array<[string, PyObj]> {
    return [
      ["long_context", this.longContext],
      ["root", this.root],
    ];
  }

  private pwd(): Result {
    const path: PyObj[] = [];
    for (let dir: FsDirectory | null = this.current; dir !== null; dir = dir.parent) path.push(dir.name);
    return dict(["current_working_directory", `/${path.reverse().map(pyStrOf).join("/")}`]);
  }

  private ls(all: PyObj): Result {
    let contents = this.current.contents.keys();
    if (!pyTruthy(all)) contents = contents.filter((item) => !strSelf(item, "startswith").startsWith("."));
    return dict(["current_directory_content", contents]);
  }

  private cd(folderArg: PyObj): Result {
    let folder = rstripChars(strSelf(folderArg, "rstrip"), "/");
    if (folder === "") folder = "/";
    if (folder !== "." && folder !== ".." && folder !== "/" && folder.includes("/"))
      return errorResult(`cd: ${folder}: Unsupported path. Only one folder level at a time is supported.`);
    if (folder === "..") {
      if (this.current.parent) this.current = this.current.parent;
      else if (this.root.pyEquals(this.current))
        return errorResult("Current directory is already the root. Cannot go back.");
      else return errorResult("cd: ..: No such directory");
      return new PyDict();
    }
    const target = this.navigate(folder);
    if (target instanceof PyDict) return target;
    this.current = target;
    return dict(["current_working_directory", target.name]);
  }

  private validName(name: PyObj): boolean {
    return ![...'|/\\?%*:"><'].some((char) => pyContains(name, char));
  }

  private mkdir(name: PyObj): Result {
    if (!this.validName(name))
      return errorResult(`mkdir: cannot create directory '${pyStrOf(name)}': Invalid character`);
    if (this.current.contents.has(name))
      return errorResult(`mkdir: cannot create directory '${pyStrOf(name)}': File exists`);
    this.current.addDirectory(name);
    return null;
  }

  private touch(name: PyObj): Result {
    if (!this.validName(name))
      return errorResult(`touch: cannot touch '${pyStrOf(name)}': Invalid character`);
    if (this.current.contents.has(name))
      return errorResult(`touch: cannot touch '${pyStrOf(name)}': File exists`);
    this.current.addFile(name);
    return null;
  }

  private echo(content: PyObj, name: PyObj): Result {
    if (name === null) return dict(["terminal_output", content]);
    if (!this.validName(name))
      return errorResult(`echo: cannot write to '${pyStrOf(name)}': Invalid character`);
    if (!pyTruthy(name)) return dict(["terminal_output", content]);
    if (!this.current.contents.has(name))
      return errorResult(`echo: cannot write to '${pyStrOf(name)}': No such file`);
    const item = this.current.item(name);
    if (item instanceof FsFile) item.content = content;
    else if (item instanceof FsDirectory)
      throw pyError("AttributeError", "'Directory' object has no attribute '_write'");
    return null;
  }

  private cat(name: PyObj): Result {
    if (!this.validName(name)) return errorResult(`cat: '${pyStrOf(name)}': Invalid character`);
    if (!this.current.contents.has(name))
      return errorResult(`cat: '${pyStrOf(name)}': No such file or directory`);
    const item = this.current.item(name);
    if (item instanceof FsFile) return dict(["file_content", item.content]);
    return errorResult(`cat: '${pyStrOf(name)}': Is a directory`);
  }

  private find(path: PyObj, name: PyObj): Result {
    const matches: PyObj[] = [];
    const target = this.navigate(path);
    if (target instanceof PyDict) {
      const message = (target.get("error") ?? "") as string;
      return message.startsWith("cd:") ? errorResult(message.replace("cd:", "find:")) : target;
    }
    const search = (directory: FsDirectory, base: string): void => {
      for (const [itemName, item] of directory.contents.entries()) {
        const itemPath = `${base}/${pyStrOf(itemName)}`;
        if (name === null || pyContains(itemName, name)) matches.push(itemPath);
        if (item instanceof FsDirectory) search(item, itemPath);
      }
    };
    search(target, rstripChars(strSelf(path, "rstrip"), "/"));
    return dict(["matches", matches]);
  }

  private file(name: PyObj): FsFile | undefined {
    if (!this.current.contents.has(name)) return undefined;
    const item = this.current.item(name);
    return item instanceof FsFile ? item : undefined;
  }

  private wc(name: PyObj, mode: PyObj): Result {
    if (mode !== "l" && mode !== "w" && mode !== "c")
      return errorResult(`wc: invalid mode '${pyStrOf(mode)}'`);
    const file = this.file(name);
    if (file) {
      const content = strSelf(file.content, "splitlines");
      if (mode === "l") return dict(["count", BigInt(splitLines(content).length)], ["type", "lines"]);
      if (mode === "w") return dict(["count", BigInt(splitWhitespace(content).length)], ["type", "words"]);
      return dict(["count", BigInt(pyLen(content))], ["type", "characters"]);
    }
    return errorResult(`wc: ${pyStrOf(name)}: No such file or directory`);
  }

  private sort(name: PyObj): Result {
    const file = this.file(name);
    if (file) {
      const lines = splitLines(strSelf(file.content, "splitlines")).sort(compareCodePoints);
      return dict(["sorted_content", lines.join("\n")]);
    }
    return errorResult(`sort: ${pyStrOf(name)}: No such file or directory`);
  }

  private grep(name: PyObj, pattern: PyObj): Result {
    const file = this.file(name);
    if (file) {
      const lines = splitLines(strSelf(file.content, "splitlines")).filter((line) =>
        pyContains(line, pattern),
      );
      return dict(["matching_lines", lines]);
    }
    return errorResult(`grep: ${pyStrOf(name)}: No such file or directory`);
  }

  private du(human: PyObj): Result {
    const size = (item: FsFile | FsDirectory): number =>
      item instanceof FsFile
        ? Buffer.byteLength(strSelf(item.content, "encode"), "utf8")
        : item.contents
            .values()
            .reduce((total: number, child) => total + size(child as FsFile | FsDirectory), 0);
    const total = size(this.current);
    if (!pyTruthy(human)) return dict(["disk_usage", `${total} bytes`]);
    let value = total;
    for (const unit of ["B", "KB", "MB", "GB", "TB"]) {
      if (value < 1024) return dict(["disk_usage", `${formatFixed(value, 2)} ${unit}`]);
      value /= 1024;
    }
    return dict(["disk_usage", `${formatFixed(value, 2)} PB`]);
  }

  private tail(name: PyObj, linesArg: PyObj): Result {
    const file = this.file(name);
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

  private diff(first: PyObj, second: PyObj): Result {
    if (this.current.contents.has(first) && this.current.contents.has(second)) {
      const a = this.current.item(first);
      const b = this.current.item(second);
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

  private mv(source: PyObj, destination: PyObj): Result {
    const here = this.current;
    if (!here.contents.has(source))
      return errorResult(`mv: cannot move '${pyStrOf(source)}': No such file or directory`);
    const item = here.item(source) as FsFile | FsDirectory;
    if (pyContains(destination, "/"))
      return errorResult("mv: path not allowed in destination. Provide only a file or directory name.");
    const src = pyStrOf(source);
    const dst = pyStrOf(destination);
    if (here.contents.has(destination)) {
      const target = here.item(destination);
      if (!(target instanceof FsDirectory))
        return errorResult(`mv: cannot move '${src}' to '${dst}': Not a directory`);
      if (target.contents.has(source))
        return errorResult(`mv: cannot move '${src}' to '${dst}/${src}': File exists`);
      here.contents.delete(source);
      this.place(target, source, item, false);
      return dict(["result", `'${src}' moved to '${dst}/${src}'`]);
    }
    here.contents.delete(source);
    this.place(here, destination, item, false);
    return dict(["result", `'${src}' moved to '${dst}'`]);
  }

  /** Adds `item` under `name` in `target`: a file by content, a directory sharing (or copying) children. */
  private place(target: FsDirectory, name: PyObj, item: FsFile | FsDirectory, copy: boolean): void {
    if (item instanceof FsFile) target.addFile(name, item.content);
    else {
      target.addDirectory(name);
      (target.contents.get(name) as FsDirectory).contents = copy ? item.contents.copy() : item.contents;
    }
  }

  private rm(name: PyObj): Result {
    if (!this.current.contents.has(name))
      return errorResult(`rm: cannot remove '${pyStrOf(name)}': No such file or directory`);
    this.current.contents.delete(name);
    return dict(["result", `'${pyStrOf(name)}' removed`]);
  }

  private rmdir(name: PyObj): Result {
    if (!this.current.contents.has(name))
      return errorResult(`rmdir: cannot remove '${pyStrOf(name)}': No such file or directory`);
    const item = this.current.item(name);
    if (!(item instanceof FsDirectory))
      return errorResult(`rmdir: cannot remove '${pyStrOf(name)}': Not a directory`);
    if (item.contents.size > 0)
      return errorResult(`rmdir: cannot remove '${pyStrOf(name)}': Directory not empty`);
    this.current.contents.delete(name);
    return dict(["result", `'${pyStrOf(name)}' removed`]);
  }

  private cp(source: PyObj, destination: PyObj): Result {
    const here = this.current;
    if (!here.contents.has(source))
      return errorResult(`cp: cannot copy '${pyStrOf(source)}': No such file or directory`);
    const item = here.item(source) as FsFile | FsDirectory;
    if (pyContains(destination, "/"))
      return errorResult("cp: path not allowed in destination. Provide only a file or directory name.");
    const src = pyStrOf(source);
    const dst = pyStrOf(destination);
    if (here.contents.has(destination)) {
      const target = here.item(destination);
      if (!(target instanceof FsDirectory))
        return errorResult(`cp: cannot copy '${src}' to '${dst}': Not a directory`);
      // BFCL looks for "destination/source" among the target's children, which never matches.
      if (target.contents.has(`${dst}/${src}`))
        return errorResult(`cp: cannot copy '${src}' to '${dst}/${src}': File exists`);
      this.place(target, source, item, true);
      return dict(["result", `'${src}' copied to '${dst}/${src}'`]);
    }
    this.place(here, destination, item, true);
    return dict(["result", `'${src}' copied to '${dst}'`]);
  }

  private navigate(pathArg: PyObj): FsDirectory | PyDict {
    if (pathArg === null || pathArg === ".") return this.current;
    if (pathArg === "/") return this.root;
    const path = strSelf(pathArg, "strip");
    const parts = stripChars(path, "/").split("/");
    let dir = path.startsWith("/") ? this.root : this.current;
    for (const part of parts) {
      const next = dir.item(part);
      if (!(next instanceof FsDirectory)) return errorResult(`cd: '${path}': No such file or directory`);
      dir = next;
    }
    return dir;
  }
}
