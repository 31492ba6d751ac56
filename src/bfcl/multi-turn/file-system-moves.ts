/**
 * The commands of BFCL's `GorillaFileSystem` that move, copy and remove entries of the current
 * directory: `mv`, `cp`, `rm` and `rmdir`, with the Python class's results, error texts and
 * quirks (gorilla 6ea57973): a moved directory keeps its children (with their old parent), a
 * copied directory shares its children with the source.
 */
import { errorResult } from "./error-result.js";
import { FsDirectory, FsFile } from "./file-system-nodes.js";
import { PyDict, type PyObj, pyContains } from "./py-object.js";
import { pyStrOf } from "./py-render.js";

type Result = PyObj;
const dict = (...entries: Array<[string, PyObj]>): PyDict => new PyDict(entries);

/** `mv`: renames an entry, or moves it into a directory (keeping a directory's children). */
export function mv(here: FsDirectory, source: PyObj, destination: PyObj): Result {
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
    place(target, source, item, false);
    return dict(["result", `'${src}' moved to '${dst}/${src}'`]);
  }
  here.contents.delete(source);
  place(here, destination, item, false);
  return dict(["result", `'${src}' moved to '${dst}'`]);
}

/** Adds `item` under `name` in `target`: a file by content, a directory sharing (or copying) children. */
function place(target: FsDirectory, name: PyObj, item: FsFile | FsDirectory, copy: boolean): void {
  if (item instanceof FsFile) target.addFile(name, item.content);
  else {
    target.addDirectory(name);
    (target.contents.get(name) as FsDirectory).contents = copy ? item.contents.copy() : item.contents;
  }
}

/** `rm`: removes a file or a directory of the current directory. */
export function rm(current: FsDirectory, name: PyObj): Result {
  if (!current.contents.has(name))
    return errorResult(`rm: cannot remove '${pyStrOf(name)}': No such file or directory`);
  current.contents.delete(name);
  return dict(["result", `'${pyStrOf(name)}' removed`]);
}

/** `rmdir`: removes an empty directory. */
export function rmdir(current: FsDirectory, name: PyObj): Result {
  if (!current.contents.has(name))
    return errorResult(`rmdir: cannot remove '${pyStrOf(name)}': No such file or directory`);
  const item = current.item(name);
  if (!(item instanceof FsDirectory))
    return errorResult(`rmdir: cannot remove '${pyStrOf(name)}': Not a directory`);
  if (item.contents.size > 0)
    return errorResult(`rmdir: cannot remove '${pyStrOf(name)}': Directory not empty`);
  current.contents.delete(name);
  return dict(["result", `'${pyStrOf(name)}' removed`]);
}

/** `cp`: copies an entry, or into a directory (a directory's children are shared, as in BFCL). */
export function cp(here: FsDirectory, source: PyObj, destination: PyObj): Result {
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
    place(target, source, item, true);
    return dict(["result", `'${src}' copied to '${dst}/${src}'`]);
  }
  place(here, destination, item, true);
  return dict(["result", `'${src}' copied to '${dst}'`]);
}
