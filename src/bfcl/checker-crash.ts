/**
 * Raised where the official BFCL checker itself raises an exception (and so aborts the whole
 * evaluation run) on some unusual model output. edgecall turns it into a failed verdict with
 * error type {@link checkerCrashErrorType} instead of aborting.
 */

/** The error type recorded for an entry on which the official checker would raise. */
export const checkerCrashErrorType = "edgecall:official_checker_raises";

/** The official checker raises here; `pythonError` names what Python would raise. */
export class CheckerCrash extends Error {
  readonly pythonError: string;

  constructor(pythonError: string, message: string) {
    super(`${pythonError}: ${message}`);
    this.name = "CheckerCrash";
    this.pythonError = pythonError;
  }
}
