/**
 * edgecall's validating GGUF reader: header, metadata and tensor infos, never tensor data. The
 * start of the file is loaded incrementally into a growing buffer (never past the header region
 * the parse actually needs, never past `maxHeaderBytes`), and every length and count is checked
 * against the bytes left in the file before anything is allocated. Checks follow the reference
 * reader (ggml/src/gguf.cpp) plus llama.cpp's "tensor data within the file" check; see the
 * reader-*.ts files for each.
 */

import { constants } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { open } from "node:fs/promises";
import { EdgecallError } from "../errors.js";
import { GgufFormatError, HeaderCursor, NeedMoreBytes } from "./reader-cursor.js";
import { GgufHeaderParser } from "./reader-parser.js";
import type { GgufFile } from "./reader-types.js";

export type { GgufArray, GgufFile, GgufScalar, GgufTensorInfo, GgufValue } from "./reader-types.js";
export { GgufValueType, ggufNumber, ggufString, ggufValueTypeName, isGgufArray } from "./reader-types.js";

/** Options of {@link readGguf}. */
export interface ReadGgufOptions {
  /**
   * Keep at most this many elements of each array value (default: all). The rest are still
   * checked and their count is reported in `length`; `inspect` keeps 16 to stay fast.
   */
  maxArrayElementsKept?: number;
  /** Refuse files whose metadata and tensor infos take more than this many bytes (default 256 MiB). */
  maxHeaderBytes?: number;
}

const defaultMaxHeaderBytes = 256 * 1024 * 1024;

let headerReads = 0;

/**
 * How many headers {@link readGguf} has read in this process. Observable so that a test can count
 * the reads of one model open (opened-model.ts: one).
 */
export function ggufHeaderReads(): number {
  return headerReads;
}
const initialLoadBytes = 1024 * 1024;

/**
 * Reads and validates the GGUF file at `path` without reading tensor data.
 * Throws EdgecallError "file-not-found" when there is no such file, and "invalid-gguf"
 * (`invalid GGUF file <path>: <reason>`) for anything that is not a valid GGUF v2/v3 file,
 * directories included.
 */
export async function readGguf(path: string, options: ReadGgufOptions = {}): Promise<GgufFile> {
  const keep = options.maxArrayElementsKept ?? Number.POSITIVE_INFINITY;
  const maxHeaderBytes = options.maxHeaderBytes ?? defaultMaxHeaderBytes;
  headerReads += 1;
  const handle = await openForReading(path);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      throw invalid(path, stats.isDirectory() ? "is a directory, not a file" : "is not a regular file");
    }
    const fileSize = stats.size;
    const cursor = new HeaderCursor(Buffer.alloc(0), fileSize);
    cursor.bytes = await load(handle, cursor.bytes, Math.min(fileSize, initialLoadBytes, maxHeaderBytes));
    const parser = new GgufHeaderParser(cursor, keep);
    while (!parser.done) {
      try {
        parser.step();
      } catch (error) {
        if (!(error instanceof NeedMoreBytes)) throw error;
        if (error.end > maxHeaderBytes) {
          throw new GgufFormatError(
            `${cursor.context}: metadata and tensor infos run past ${maxHeaderBytes} bytes (the maxHeaderBytes limit)`,
          );
        }
        const target = Math.min(fileSize, maxHeaderBytes, Math.max(error.end, cursor.bytes.length * 2));
        cursor.bytes = await load(handle, cursor.bytes, target);
      }
    }
    return parser.finish(path);
  } catch (error) {
    if (error instanceof GgufFormatError) throw invalid(path, error.message);
    throw error;
  } finally {
    await handle.close();
  }
}

/** Read-only and non-blocking, so that a FIFO given as the path cannot hang the open. */
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

async function openForReading(path: string): Promise<FileHandle> {
  try {
    return await open(path, openFlags);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new EdgecallError("file-not-found", `GGUF file not found: ${path}`, {
        subject: path,
        cause: error,
      });
    }
    if (code === "EISDIR") throw invalid(path, "is a directory, not a file");
    throw new EdgecallError(
      "invalid-argument",
      `cannot open GGUF file ${path}: ${(error as Error).message}`,
      {
        subject: path,
        cause: error,
      },
    );
  }
}

/** Returns a buffer holding the file's first `length` bytes, reusing the `loaded` prefix. */
async function load(handle: FileHandle, loaded: Buffer, length: number): Promise<Buffer> {
  if (length <= loaded.length) return loaded;
  const bytes = Buffer.allocUnsafe(length);
  loaded.copy(bytes, 0);
  let filled = loaded.length;
  while (filled < length) {
    const { bytesRead } = await handle.read(bytes, filled, length - filled, filled);
    if (bytesRead === 0) {
      throw new GgufFormatError(`the file ended at byte ${filled} while being read (it changed or shrank)`);
    }
    filled += bytesRead;
  }
  return bytes;
}

function invalid(path: string, reason: string): EdgecallError {
  return new EdgecallError("invalid-gguf", `invalid GGUF file ${path}: ${reason}`, { subject: path });
}
