/**
 * Email recipients as call targets (see `CallTarget`): each resolved address, named by itself; a
 * contact's address also by the contact's full name, by a word of it no other contact's name has
 * ("Bob" for Bob Stone when he is the only Bob) and by a relationship no other contact has ("my
 * dentist"); the user's own address also by "me", "myself" and the user's name.
 */
import type { CallTarget, ToolContext } from "../tools/tool.js";
import { type ContactRow, resolveRecipient } from "./contacts.js";
import { distinctNames, labelWords } from "./target-names.js";
import type { AssistantState } from "./world.js";

function contactCandidates(contact: ContactRow): string[] {
  const names = [contact.name, ...labelWords(contact.name, 2)];
  if (contact.relationship) names.push(contact.relationship);
  return names;
}

/** The names of one address: itself, the user's words for themself, or the contact's names. */
export function recipientNames(state: AssistantState, address: string): { names: string[]; label: string } {
  const lower = address.toLowerCase();
  const user = state.user();
  if (user.email.toLowerCase() === lower) {
    return { names: [lower, "me", "myself", user.name], label: `the user (${lower})` };
  }
  const contacts = state.db.prepare("SELECT * FROM contacts ORDER BY name, id").all() as ContactRow[];
  const candidates = contacts.map(contactCandidates);
  const names = [lower];
  let label = lower;
  contacts.forEach((contact, index) => {
    if (contact.email.toLowerCase() !== lower) return;
    names.push(...distinctNames(candidates, index));
    label = `${contact.name} <${lower}>`;
  });
  return { names: [...new Set(names)], label };
}

/**
 * Targets for recipients written as `texts` (addresses or contact names) in argument `argument`
 * (`to` gives `to[0]`, `to[1]`, ...); an empty `argument` marks recipients the tool derived.
 * A recipient that does not resolve gives a target nobody can name.
 */
export function recipientTargets(
  state: AssistantState,
  texts: readonly string[],
  context: ToolContext,
  argument: string,
): CallTarget[] {
  return texts.map((text, index) => {
    const where = argument === "" ? "" : `${argument}[${index}]`;
    const recipient = resolveRecipient(state, text, context);
    if (!recipient.ok) return { kind: "recipient", argument: where, value: text, names: [] };
    const { names, label } = recipientNames(state, recipient.address);
    return { kind: "recipient", argument: where, value: recipient.address, names, label };
  });
}
