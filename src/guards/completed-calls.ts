/**
 * The side-effecting calls a session has already run, so that an identical one is not run again:
 * a model that writes the same `calendar_create_event` twice (a stutter, a retry after a result
 * it did not read, a parallel call list with a repeat) makes one event, not two. Identity is the
 * tool name plus the canonical JSON of the arguments. Only successful calls are remembered (a
 * failed call may be retried), and the memory is cleared whenever the user has said something
 * new, since the user may then ask for the same thing again.
 */
import { callIdentity } from "../canonical-json.js";
import { capText } from "./output-cap.js";

/** Longest quotation of the first result in a duplicate's message, in bytes. */
export const duplicateQuoteLimitBytes = 4 * 1024;

/** One session's completed side-effecting calls, per user turn. */
export class CompletedCalls {
  private readonly results = new Map<string, unknown>();
  private turn = -1;

  /** Starts a new user turn (forgetting earlier calls) when `userTurn` differs from the last one seen. */
  private sync(userTurn: number): void {
    if (userTurn === this.turn) return;
    this.results.clear();
    this.turn = userTurn;
  }

  /**
   * The message for a call identical to one that already ran in this user turn, or undefined when
   * it may run. `userTurn` is the number of user messages so far.
   */
  duplicateMessage(name: string, input: unknown, userTurn: number): string | undefined {
    this.sync(userTurn);
    const key = callIdentity(name, input);
    if (!this.results.has(key)) return undefined;
    const first = this.results.get(key);
    const quoted = typeof first === "string" ? first : (JSON.stringify(first) ?? "null");
    return (
      `${name} already ran with exactly these arguments and was not run again (it would have done ` +
      `the same thing twice). Its result was: ${capText(quoted, duplicateQuoteLimitBytes)}`
    );
  }

  /** Remembers a side-effecting call that succeeded with `output`. */
  record(name: string, input: unknown, output: unknown, userTurn: number): void {
    this.sync(userTurn);
    this.results.set(callIdentity(name, input), output);
  }
}
