/** Where the policy documents ship: data/suites/policy/ (read when a domain's suite is built). */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { EdgecallError } from "../../errors.js";

/** The policy data folder. */
export function policyDataDirectory(): string {
  return fileURLToPath(new URL("../../../data/suites/policy/", import.meta.url));
}

/** The text of a shipped policy document. */
export function readPolicyDocument(file: string): string {
  const path = `${policyDataDirectory()}${file}`;
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new EdgecallError("file-not-found", `policy document not found: ${path}`, {
      subject: path,
      cause: error,
    });
  }
}
