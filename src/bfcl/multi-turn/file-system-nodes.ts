/**
 * The file and directory objects of BFCL's Gorilla file system. A file equals another with the
 * same name and content; a directory one with the same name and equal contents (the parent is not
 * compared). `repr()` as the Python classes print them.
 */
import { type PyCustom, PyDict, type PyObj, pyEquals as pyEqualsShallow, pyError } from "./py-object.js";
import { pyReprOf, pyStrOf } from "./py-render.js";

/** A file. */
export class FsFile implements PyCustom {
  readonly pyTypeName = "File";
  constructor(
    public name: PyObj,
    public content: PyObj = "",
  ) {}

  pyEquals(other: PyObj): boolean {
    return (
      other instanceof FsFile &&
      pyEqualsShallow(this.name, other.name) &&
      pyEqualsShallow(this.content, other.content)
    );
  }
  pyRepr(): string {
    return `<<File: ${pyStrOf(this.name)}, Content: ${pyStrOf(this.content)}>>`;
  }
}

/** A directory: named children in insertion order. */
export class FsDirectory implements PyCustom {
  readonly pyTypeName = "Directory";
  contents = new PyDict();

  constructor(
    public name: PyObj,
    public parent: FsDirectory | null = null,
  ) {}

  pyEquals(other: PyObj): boolean {
    if (!(other instanceof FsDirectory)) return false;
    return pyEqualsShallow(this.name, other.name) && pyEqualsShallow(this.contents, other.contents);
  }
  pyRepr(): string {
    const parent = this.parent ? pyStrOf(this.parent.name) : "None";
    return `<Directory: ${pyStrOf(this.name)}, Parent: ${parent}, Contents: ${pyReprOf(this.contents)}>`;
  }

  /** `_add_file`: raises ValueError when the name is taken. */
  addFile(name: PyObj, content: PyObj = ""): void {
    if (this.contents.has(name))
      throw pyError(
        "ValueError",
        `File '${pyStrOf(name)}' already exists in directory '${pyStrOf(this.name)}'.`,
      );
    this.contents.set(name, new FsFile(name, content));
  }

  /** `_add_directory`: raises ValueError when the name is taken. */
  addDirectory(name: PyObj): void {
    if (this.contents.has(name))
      throw pyError(
        "ValueError",
        `Directory '${pyStrOf(name)}' already exists in directory '${pyStrOf(this.name)}'.`,
      );
    this.contents.set(name, new FsDirectory(name, this));
  }

  /** `_get_item`: "." is the directory itself. */
  item(name: PyObj): FsFile | FsDirectory | undefined {
    if (name === ".") return this;
    return this.contents.get(name) as FsFile | FsDirectory | undefined;
  }
}
