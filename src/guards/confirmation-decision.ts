/**
 * Who answers a confirmation request of the guarded executor: the person (`confirm`, which takes
 * precedence; a thrown error is a refusal naming it), else the policy (`approve`, `deny`,
 * `approve-if-user-asked` against the user's own messages), else nobody: the call is refused as
 * `unavailable` (the executor reports it as `needs-confirmation`).
 */

import { errorMessage } from "../error-message.js";
import type { Tool } from "../tools/tool.js";
import type { ConfirmationRequest, ConfirmCallback } from "./confirmation-ledger.js";
import { type ConfirmationPolicy, userAskedProblem } from "./confirmation-policy.js";

/** The answer to one confirmation request; `reason` says why it was not approved. */
export interface ConfirmationAnswer {
  approved: boolean;
  reason?: string;
  /** Nobody could be asked. */
  unavailable?: boolean;
}

/** Who may answer, and the user's messages so far (for `approve-if-user-asked`). */
export interface ConfirmationDeciders {
  confirm?: ConfirmCallback;
  policy?: ConfirmationPolicy;
  userMessages: () => readonly string[];
}

/** Asks the person, else applies the policy, else refuses as unavailable. */
export async function decideConfirmation(
  request: ConfirmationRequest,
  tool: Tool,
  deciders: ConfirmationDeciders,
): Promise<ConfirmationAnswer> {
  if (deciders.confirm) {
    try {
      const approved = (await deciders.confirm(request)) === true;
      return approved ? { approved } : { approved, reason: "the user declined" };
    } catch (error) {
      return {
        approved: false,
        reason: `confirmation failed: ${errorMessage(error)}`,
      };
    }
  }
  const policy = deciders.policy;
  if (policy === "approve") return { approved: true };
  if (policy === "deny") return { approved: false, reason: "the policy denies every confirmation" };
  if (policy === "approve-if-user-asked") {
    const problem = userAskedProblem(request, tool, deciders.userMessages());
    return problem === undefined ? { approved: true } : { approved: false, reason: problem };
  }
  return {
    approved: false,
    unavailable: true,
    reason: `${request.toolName} needs confirmation (${request.reasons.join(", ")}) and none can be asked for here`,
  };
}
