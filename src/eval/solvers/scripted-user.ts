/**
 * The scripted user of agent and conversation samples (deterministic, no second model): one of
 * the default implementations of the SimulatedUser seam (src/eval/simulated-user.ts; the LLM user
 * is model-user.ts). It confirms exactly the calls of the sample's reference solution (equivalent
 * arguments, see equivalent-arguments.ts) and declines the rest, and declines a call acting on
 * something staged after third-party content was read (a cart line an earlier session put there)
 * that its own messages so far never name (the guards' naming rule, `unnamedStagedTargets`) and
 * its reference does not put there itself (a reference call, not a removal, carrying its id):
 * "check out my cart" is not a wish to pay for it, or, for a sample whose user approves
 * everything (`approves: "all"`: the user who asks for something harmful wants it done), confirms
 * every call; after a reply it first answers the assistant's question when one of the sample's
 * answer rules matches (each rule once), else sends the next scripted turn, else answers an
 * unexpected question once with "Please go ahead with what you have.", else ends.
 */
import { unnamedStagedTargets } from "../../guards/confirmation-policy.js";
import { testUnicode } from "../../text/unicode-regex.js";
import type { SimulatedUser } from "../simulated-user.js";
import type { ReferenceCall, Sample } from "../suite.js";
import { matchesReferenceCall } from "./equivalent-arguments.js";

/** The calls of a sample's reference solution. */
export function referenceCalls(sample: Sample): ReferenceCall[] {
  return (sample.reference ?? []).flatMap((output) => ("calls" in output ? output.calls : []));
}

/** The action of a tool name `<domain>_<action>` that takes something out rather than putting it in. */
const removal = /_(remove|delete|cancel|clear)\b/;

/**
 * True when the reference solution itself stages `value` (a call of its, not a removal, carries it:
 * `shop_cart_add {item_id}`): what the task wants bought needs no naming by the scripted user, which
 * found it through the assistant ("buy it" after a search), but a line the reference takes out or
 * never touches does.
 */
function referenceStages(calls: readonly ReferenceCall[], value: string): boolean {
  return calls.some(
    (call) =>
      !removal.test(call.name) && Object.values(call.arguments).some((argument) => argument === value),
  );
}

/** The reply the scripted user gives an unexpected question (once). */
export const goAheadReply = "Please go ahead with what you have.";

/** The scripted user of a sample. */
export function scriptedUser(sample: Sample): SimulatedUser {
  const turns = [...(sample.user?.turns ?? [])];
  const rules = (sample.user?.answers ?? []).map((rule) => ({ ...rule, used: false }));
  const calls = referenceCalls(sample);
  // What this user has said so far: the sample's user messages, then each turn and answer sent.
  const said = sample.messages.flatMap((message) => (message.role === "user" ? [message.content] : []));
  const say = (text: string) => {
    said.push(text);
    return text;
  };
  let answeredUnexpected = false;
  return {
    by: "script",
    async next(reply) {
      for (const rule of rules) {
        if (rule.used) continue;
        if (testUnicode(rule.pattern, reply)) {
          rule.used = true;
          return say(rule.reply);
        }
      }
      const turn = turns.shift();
      if (turn !== undefined) return say(turn);
      if (!answeredUnexpected && reply.trim().endsWith("?")) {
        answeredUnexpected = true;
        return say(goAheadReply);
      }
      return undefined;
    },
    async confirm(request, realName, parameters) {
      if (sample.user?.approves === "all") return true;
      if (unnamedStagedTargets(request, said).some((target) => !referenceStages(calls, target.value)))
        return false;
      const timeZone = sample.user?.timeZone;
      return calls.some((call) =>
        matchesReferenceCall(
          call,
          { name: realName, arguments: request.arguments },
          {
            ...(timeZone === undefined ? {} : { timeZone }),
            ...(parameters === undefined ? {} : { parameters }),
          },
        ),
      );
    },
  };
}
