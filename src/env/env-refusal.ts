/**
 * A request `env serve` refuses, with the HTTP status and the code both transports report: over
 * HTTP `{"detail": message, "code"}` (FastAPI's error shape, which OpenEnv's servers answer in), on
 * `/ws` an error message `{"type": "error", "data": {"message", "code"}}`. The codes extend
 * OpenEnv's `WSErrorCode` (`INVALID_JSON`, `VALIDATION_ERROR`, `CAPACITY_REACHED`,
 * `EXECUTION_ERROR`) with the episode's own.
 */

/** Why a request was refused. */
export type RefusalCode =
  | "INVALID_JSON"
  | "VALIDATION_ERROR"
  | "UNKNOWN_TYPE"
  | "CAPACITY_REACHED"
  | "EXECUTION_ERROR"
  | "EPISODE_NOT_FOUND"
  | "EPISODE_DONE"
  | "EPISODE_BUSY"
  | "NO_EPISODE"
  | "host_not_allowed"
  | "origin_not_allowed"
  | "unsupported_media_type"
  | "payload_too_large";

/** A refused request: its status, code and a message naming the field or the episode at fault. */
export class EnvRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 415 | 422 | 500 | 503,
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = "EnvRefusal";
  }
}

/** The HTTP body of a refusal. */
export function refusalBody(refusal: EnvRefusal): { detail: string; code: RefusalCode } {
  return { detail: refusal.message, code: refusal.code };
}
