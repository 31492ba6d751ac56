/** A harness error as a transcript records it: the EdgecallError's code, or `internal`, and the message. */

import { errorMessage } from "../error-message.js";
import { isEdgecallError } from "../errors.js";

/** The `{code, message}` a transcript records for a thrown value. */
export function harnessError(error: unknown): { code: string; message: string } {
  if (isEdgecallError(error)) return { code: error.code, message: error.message };
  return { code: "internal", message: errorMessage(error) };
}
