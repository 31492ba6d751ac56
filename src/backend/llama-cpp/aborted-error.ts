/** The error every aborted llama-cpp call rejects with. */
import { EdgecallError } from "../../errors.js";

/** An `aborted` EdgecallError: the caller's signal fired before or during the call. */
export function abortedError(): EdgecallError {
  return new EdgecallError("aborted", "the model call was aborted");
}
