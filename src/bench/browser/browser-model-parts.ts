/**
 * The GGUF file(s) the `bench --browser` page downloads. A browser holds each file in one
 * ArrayBuffer-backed buffer, and wllama (llama.cpp in WebAssembly) cannot read a file of 2 GiB or
 * more (its README: "Max file size is 2GB"; emscripten's `ftell` is limited to 2^31 − 1). wllama
 * loads split GGUFs (`llama-gguf-split`'s `NAME-00001-of-00003.gguf`), so the first part of a
 * split model brings all its parts, each of which must be under the limit. A larger file is
 * refused with a message naming it, the limit and how to split it.
 */
import { statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { EdgecallError } from "../../errors.js";
import { formatBytes } from "../../text/byte-units.js";

/** The largest file a browser's wllama can load: 2^31 − 1 bytes. */
export const browserSingleFileLimitBytes = 2 ** 31 - 1;

/** One file the page downloads. */
export interface BrowserModelPart {
  path: string;
  bytes: number;
}

const splitPattern = /^(.*)-(\d{5})-of-(\d{5})\.gguf$/;

function fileBytes(path: string): number {
  try {
    return statSync(path).size;
  } catch (error) {
    throw new EdgecallError("file-not-found", `model file not found: ${path}`, {
      subject: path,
      cause: error,
    });
  }
}

/**
 * The files of `modelPath`: itself, or every part of a split model given by its first part.
 * Throws EdgecallError("unsupported") when a file reaches `limitBytes` (tests pass a small one).
 */
export function browserModelParts(
  modelPath: string,
  limitBytes = browserSingleFileLimitBytes,
): BrowserModelPart[] {
  const split = splitPattern.exec(basename(modelPath));
  let paths = [modelPath];
  if (split !== null) {
    const [, stem, index, total] = split;
    if (index !== "00001") {
      throw new EdgecallError(
        "invalid-argument",
        `${modelPath} is part ${Number(index)} of a split model: give its first part (-00001-of-${total}.gguf)`,
        { subject: modelPath },
      );
    }
    paths = Array.from({ length: Number(total) }, (_, part) =>
      join(dirname(modelPath), `${stem}-${String(part + 1).padStart(5, "0")}-of-${total}.gguf`),
    );
  }
  return paths.map((path) => {
    const bytes = fileBytes(path);
    if (bytes > limitBytes) {
      throw new EdgecallError(
        "unsupported",
        `${path} is ${formatBytes(bytes)} (${bytes} bytes): a browser's WebAssembly llama.cpp (wllama) loads files ` +
          `of at most ${formatBytes(limitBytes)} (${limitBytes} bytes, one ArrayBuffer each). Split it into parts ` +
          "under that size (llama.cpp's `llama-gguf-split --split-max-size 512M FILE.gguf OUT`) and give the first part",
        { subject: path },
      );
    }
    return { path, bytes };
  });
}
