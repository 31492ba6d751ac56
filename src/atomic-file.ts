/** Files written whole or not at all: readers of a run or comparison directory never see half a file. */
import { renameSync, writeFileSync } from "node:fs";

/** Writes a file through a temporary name and a rename, so readers never see half a file. */
export function writeFileAtomic(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}
