/**
 * BFCL's `GorillaFileSystem`: a tree of directories and files with a current directory, and
 * shell-like methods (`ls`, `cd`, `mkdir`, `mv`, `cp`, `grep`, `wc`, ...). Same state, results
 * and error texts as the Python class at gorilla 6ea57973, quirks included: `pwd` always prints
 * the root's name, `mv` keeps the moved directory's children (with their old parent), `cp` of a
 * directory shares its children with the source. The commands reading files (`wc`, `sort`,
 * `grep`, `du`, `tail`, `diff`) are file-system-text-commands.ts; `mv`, `cp`, `rm`, `rmdir`
 * file-system-moves.ts.
 */
import { type ApiContext, type ApiMethod, type MultiTurnApi, methodTable, params } from "./api-class.js";
import { errorResult } from "./error-result.js";
import { cp, mv, rm, rmdir } from "./file-system-moves.js";
import { FsDirectory, FsFile } from "./file-system-nodes.js";
import { diff, du, grep, sort, tail, wc } from "./file-system-text-commands.js";
import { longContextValue } from "./long-context.js";
import { PyDict, type PyObj, pyContains, pyError, pyTruthy } from "./py-object.js";
import { pyStrOf } from "./py-render.js";
import { rstripChars, stripChars, strSelf } from "./py-str.js";

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
    [
      "wc",
      params("file_name", ["mode", "l"]),
      (self, [name, mode]) => wc(self.current, name as PyObj, mode as PyObj),
    ],
    ["sort", params("file_name"), (self, [name]) => sort(self.current, name as PyObj)],
    [
      "grep",
      params("file_name", "pattern"),
      (self, [name, pattern]) => grep(self.current, name as PyObj, pattern as PyObj),
    ],
    ["du", params(["human_readable", false]), (self, [human]) => du(self.current, human as PyObj)],
    [
      "tail",
      params("file_name", ["lines", 10n]),
      (self, [name, lines]) => tail(self.current, name as PyObj, lines as PyObj),
    ],
    [
      "diff",
      params("file_name1", "file_name2"),
      (self, [a, b]) => diff(self.current, a as PyObj, b as PyObj),
    ],
    [
      "mv",
      params("source", "destination"),
      (self, [source, target]) => mv(self.current, source as PyObj, target as PyObj),
    ],
    ["rm", params("file_name"), (self, [name]) => rm(self.current, name as PyObj)],
    ["rmdir", params("dir_name"), (self, [name]) => rmdir(self.current, name as PyObj)],
    [
      "cp",
      params("source", "destination"),
      (self, [source, target]) => cp(self.current, source as PyObj, target as PyObj),
    ],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<GorillaFileSystem>> {
    return GorillaFileSystem.table;
  }

  readonly className = "GorillaFileSystem";
  longContext = false;
  root = new FsDirectory("/", null);
  /** The working directory (read by the text commands). */
  current = this.root;

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
