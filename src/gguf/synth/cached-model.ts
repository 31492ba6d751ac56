/**
 * Reuse of a synthesised model from the cache (the `demo` model, `bench --shape`): a cached file
 * is used when it still reads as a complete GGUF; one that does not (damaged or cut short after it
 * was written: synthesis itself only ever renames complete files into place) is removed, so the
 * caller synthesises it again instead of failing on it for good.
 */
import { existsSync, rmSync } from "node:fs";
import { isEdgecallError } from "../../errors.js";
import { readGguf } from "../reader.js";
import { removeStalePartials } from "./stale-partials.js";

/**
 * Whether the cached model at `path` can be used as it is. A missing file gives false; an invalid
 * one is removed (with `onNote` told why) and gives false.
 */
export async function reusableCachedModel(path: string, onNote: (message: string) => void): Promise<boolean> {
  if (!existsSync(path)) return false;
  try {
    await readGguf(path, { maxArrayElementsKept: 0 });
    // A cached model is never synthesised again, so this is where the partial files of an earlier,
    // killed synthesis of it are cleared.
    await removeStalePartials(path);
    return true;
  } catch (error) {
    if (!isEdgecallError(error, "invalid-gguf")) throw error;
    onNote(`the cached model is damaged (${error.message}); synthesising it again`);
    rmSync(path, { force: true });
    return false;
  }
}
