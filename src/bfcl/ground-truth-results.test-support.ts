/** Test helpers over the BFCL data: where the shared data folder is, and ground-truth results (ground-truth-calls.ts). */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export { groundTruthCalls, groundTruthResults, pythonCallText } from "./ground-truth-calls.js";

/** The shared BFCL data folder, resolved from the repository root, or undefined when absent. */
export function sharedBfclDir(): string | undefined {
  const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const directory = join(repositoryRoot, "..", "shared", "data", "bfcl-v4");
  return existsSync(join(directory, "BFCL_v4_simple_python.json")) ? directory : undefined;
}
