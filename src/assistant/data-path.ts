/**
 * Finds files shipped in the package's data/assistant/ folder, from source (tsx) or from dist/.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { EdgecallError } from "../errors.js";

let found: string | undefined;

/** The absolute path of a file under data/assistant/. */
export function assistantDataPath(...parts: string[]): string {
  if (found === undefined) {
    let folder = dirname(fileURLToPath(import.meta.url));
    for (;;) {
      if (existsSync(join(folder, "package.json")) && existsSync(join(folder, "data", "assistant"))) break;
      const parent = dirname(folder);
      if (parent === folder) {
        throw new EdgecallError("file-not-found", "cannot find the package's data/assistant folder", {
          subject: "data/assistant",
        });
      }
      folder = parent;
    }
    found = join(folder, "data", "assistant");
  }
  return join(found, ...parts);
}
