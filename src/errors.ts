/**
 * Harness errors: the third kind of error in edgecall (the other two, errors the model sees and
 * malformed model output, are data and never thrown). Every error a user can cause carries a code
 * and a message that names the file, field or argument at fault.
 */

/** Stable codes for harness errors; callers branch on these, never on messages. */
export type EdgecallErrorCode =
  | "usage"
  | "invalid-argument"
  | "file-not-found"
  | "invalid-gguf"
  | "invalid-tools"
  | "invalid-json"
  | "invalid-model-spec"
  | "model-load"
  | "model-download"
  | "backend-http"
  | "backend-timeout"
  | "backend-unreachable"
  | "backend-protocol"
  | "replay-exhausted"
  | "aborted"
  | "unsupported"
  | "internal";

/** A harness error with a code. `subject` names the thing at fault (a path, a URL, a flag). */
export class EdgecallError extends Error {
  readonly code: EdgecallErrorCode;
  readonly subject: string | undefined;

  constructor(code: EdgecallErrorCode, message: string, options: { subject?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "EdgecallError";
    this.code = code;
    this.subject = options.subject;
  }
}

/** True when `error` is an {@link EdgecallError}, optionally with the given code. */
export function isEdgecallError(error: unknown, code?: EdgecallErrorCode): error is EdgecallError {
  return error instanceof EdgecallError && (code === undefined || error.code === code);
}
