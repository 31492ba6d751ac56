/** Where the tests find the BFCL v4 data (`../shared/data/bfcl-v4` from the repository root). */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The BFCL v4 data folder, if present. */
export const bfclDir = join(
  fileURLToPath(new URL("../..", import.meta.url)),
  "..",
  "shared",
  "data",
  "bfcl-v4",
);

/** True when the BFCL data is present; tests that need it skip (with this message) otherwise. */
export const hasBfcl = existsSync(join(bfclDir, "BFCL_v4_simple_python.json"));
export const noBfclMessage = `BFCL data not found at ${bfclDir}`;
