/** What was thrown, in words: an Error's `message`, anything else as a string. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What was thrown, as an Error: itself when it is one, else an Error with it as text. */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
