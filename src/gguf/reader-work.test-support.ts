/**
 * Counts the work one `readGguf` call does, so tests can bound it without a clock: what it reads
 * from the file (calls and bytes), how many checked reads it makes through its cursor, and how
 * many strings it decodes. The counters wrap prototype methods only while `run` runs.
 */
import { open } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { HeaderCursor } from "./reader-cursor.js";

/** The work counted during one run. */
export interface ReaderWork {
  /** `FileHandle.read` calls. */
  fileReads: number;
  /** Bytes those calls returned. */
  bytesRead: number;
  /** Checked reads through the header cursor (`HeaderCursor.need`: one per value or fixed array). */
  cursorReads: number;
  /** `Buffer#toString` calls: keys, string values and array strings decoded. */
  decodedStrings: number;
}

/** What `run` returned or threw, and the work it did. */
export type Counted<T> = { work: ReaderWork } & ({ value: T } | { error: unknown });

type ReadResult = { bytesRead: number };

const fileHandlePrototype = await (async () => {
  const handle = await open(fileURLToPath(import.meta.url));
  try {
    return Object.getPrototypeOf(handle) as { read: (...args: unknown[]) => Promise<ReadResult> };
  } finally {
    await handle.close();
  }
})();

/** Runs `run` (one read at a time: the counters are process-wide) and counts its work. */
export async function countReaderWork<T>(run: () => Promise<T>): Promise<Counted<T>> {
  const work: ReaderWork = { fileReads: 0, bytesRead: 0, cursorReads: 0, decodedStrings: 0 };
  const read = fileHandlePrototype.read;
  const need = HeaderCursor.prototype.need;
  const decode = Buffer.prototype.toString;
  fileHandlePrototype.read = async function (this: unknown, ...args: unknown[]): Promise<ReadResult> {
    const result = await read.apply(this, args);
    work.fileReads++;
    work.bytesRead += result.bytesRead;
    return result;
  };
  HeaderCursor.prototype.need = function (this: HeaderCursor, count: number, what: string): void {
    work.cursorReads++;
    need.call(this, count, what);
  };
  Buffer.prototype.toString = function (this: Buffer, ...args: unknown[]): string {
    work.decodedStrings++;
    return (decode as (...inner: unknown[]) => string).apply(this, args);
  } as typeof decode;
  try {
    return { work, value: await run() };
  } catch (error) {
    return { work, error };
  } finally {
    fileHandlePrototype.read = read;
    HeaderCursor.prototype.need = need;
    Buffer.prototype.toString = decode;
  }
}
