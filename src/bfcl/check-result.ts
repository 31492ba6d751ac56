/** The outcome of one BFCL check, in the official checker's terms. */

/** `valid`, the official `error` messages and `error_type` (null when valid). */
export interface CheckResult {
  valid: boolean;
  errors: string[];
  errorType: string | null;
}

/** A passing result. */
export function passed(): CheckResult {
  return { valid: true, errors: [], errorType: null };
}

/** A failing result with one message. */
export function failed(errorType: string, error: string): CheckResult {
  return { valid: false, errors: [error], errorType };
}
