/**
 * The SimulatedUser seam: the person on the other side of a conversation sample. It answers
 * confirmations and, after each assistant reply, writes the next user turn or ends the
 * conversation. The default users implement it in src/eval/solvers/: scripted-user.ts (from the
 * sample's script) and model-user.ts (an LLM, `--user-model`); a suite may bring its own (see
 * `UserFactory` in solver.ts), e.g. one with tools of its own (dual control).
 */
import type { ConfirmationRequest } from "../guards/confirmation-ledger.js";
import type { ChatMessage, JsonSchema } from "../messages.js";
import type { UserToolCall } from "./trajectory.js";

/** What a simulated user answers. */
export interface SimulatedUser {
  /** `script` or `user-model`: who wrote the turns. */
  readonly by: "script" | "user-model";
  /**
   * The next user turn after `reply`, or undefined when the user is done. A turn holding one of
   * {@link userStopTokens} ends the conversation too (recorded as the trajectory's `userStop`).
   */
  next(
    reply: string,
    conversation: readonly ChatMessage[],
    signal?: AbortSignal,
  ): Promise<string | undefined>;
  /**
   * Whether the user approves the call (`realName`: the environment's name of the tool;
   * `parameters`: its arguments schema, for defaults).
   */
  confirm(
    request: ConfirmationRequest,
    realName: string,
    parameters: JsonSchema | undefined,
    signal?: AbortSignal,
  ): Promise<boolean>;
  /** The calls the user made on their own tools since the last time this was asked (dual control). */
  takeCalls?(): UserToolCall[];
}

/** tau2-bench's tokens a simulated user ends a conversation with. */
export const userStopTokens = ["###STOP###", "###TRANSFER###", "###OUT-OF-SCOPE###"] as const;

/** The stop token in a user turn, if any. */
export function userStopToken(text: string): string | undefined {
  return userStopTokens.find((token) => text.includes(token));
}
