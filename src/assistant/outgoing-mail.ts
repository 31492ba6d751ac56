/**
 * Outgoing mail, shared by the email tools with effects: storing a message the user sends or
 * drafts, the recipient precondition (every recipient known), whom a reply goes to, recipients as
 * call targets, and which reported fields quote stored text (for taint).
 */
import {
  type CallTarget,
  type PreconditionFailure,
  refuse,
  type ToolContext,
  ToolError,
} from "../tools/tool.js";
import { resolveRecipients } from "./contacts.js";
import type { EmailRow } from "./email-rows.js";
import { recipientTargets } from "./recipient-targets.js";
import { toUtcText } from "./time-zones.js";
import { withoutEchoes } from "./untrusted-fields.js";
import type { AssistantState } from "./world.js";

/** A message the user sends or saves as a draft. */
export interface Outgoing {
  folder: "sent" | "drafts";
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  threadId?: string;
  inReplyTo?: string;
  attachments?: string[];
}

/** Stores an outgoing message from the user, now, in a new thread unless it continues one. */
export function storeOutgoing(state: AssistantState, mail: Outgoing): EmailRow {
  const user = state.user();
  const row: EmailRow = {
    id: state.nextId("msg", "emails"),
    thread_id: mail.threadId ?? state.nextId("thr", "emails", "thread_id"),
    folder: mail.folder,
    from_name: user.name,
    from_address: user.email,
    to_addresses: JSON.stringify(mail.to),
    cc_addresses: JSON.stringify(mail.cc),
    subject: mail.subject,
    body: mail.body,
    date_utc: toUtcText(state.now()),
    unread: 0,
    in_reply_to: mail.inReplyTo ?? null,
    attachments: JSON.stringify(mail.attachments ?? []),
  };
  state.db
    .prepare(
      "INSERT INTO emails (id, thread_id, folder, from_name, from_address, to_addresses, cc_addresses, subject, body, date_utc, unread, in_reply_to, attachments) VALUES (@id, @thread_id, @folder, @from_name, @from_address, @to_addresses, @cc_addresses, @subject, @body, @date_utc, @unread, @in_reply_to, @attachments)",
    )
    .run(row);
  return row;
}

/**
 * Refuses recipients that do not resolve or are not known. `stored`: the recipients come from a
 * stored message (a draft, the mail replied to), so a refusal quoting them quotes the world.
 */
export function recipientsCheck(
  state: AssistantState,
  texts: readonly string[],
  context: ToolContext,
  stored = false,
): PreconditionFailure | null {
  if (texts.length === 0) return refuse("precondition", "at least one recipient is needed", "fixed-text");
  const { problems, quotesWorld } = resolveRecipients(state, texts, context, true);
  if (problems.length === 0) return null;
  return refuse("precondition", problems.join("; "), stored || quotesWorld ? undefined : "user-input-only");
}

/** The stored message `id`; a precondition failure when there is none. */
export function storedMessage(state: AssistantState, id: string): EmailRow {
  const row = state.db.prepare("SELECT * FROM emails WHERE id = ?").get(id) as EmailRow | undefined;
  if (!row) throw new ToolError("precondition", `no message with id '${id}'`, { madeOf: "user-input-only" });
  return row;
}

/** Whom a reply goes to: the sender (or, replying to oneself, the original recipients); `all` copies the rest. */
export function replyTargets(
  state: AssistantState,
  original: EmailRow,
  all: boolean,
): { to: string[]; cc: string[] } {
  const self = state.user().email.toLowerCase();
  const originalTo = JSON.parse(original.to_addresses) as string[];
  const fromSelf = original.from_address.toLowerCase() === self;
  const to = fromSelf ? originalTo : [original.from_address];
  const cc = all
    ? [...originalTo, ...(JSON.parse(original.cc_addresses) as string[])].filter(
        (address) => address.toLowerCase() !== self && !to.includes(address),
      )
    : [];
  return { to, cc };
}

/** Recipients a tool derives from a stored message: also named by that message's id. */
export function derivedTargets(
  state: AssistantState,
  addresses: readonly string[],
  context: ToolContext,
  messageId: string,
): CallTarget[] {
  return recipientTargets(state, addresses, context, "").map((target) => ({
    ...target,
    names: [...target.names, messageId],
  }));
}

/** `subject` with `prefix` ("Re:", "Fwd:") unless it has it already. */
export const prefixed = (prefix: string, subject: string) =>
  subject.toLowerCase().startsWith(prefix.toLowerCase()) ? subject : `${prefix} ${subject}`;

/** Output fields that quote a stored message (its recipients, its subject). */
export const storedKeys = new Set(["to", "cc", "subject"]);
const stringList = (texts: unknown) =>
  Array.isArray(texts) ? texts.filter((text): text is string => typeof text === "string") : [];

/**
 * The addresses a sending tool reports that are not the ones it was given: a contact's name
 * resolved to the contact's stored address (the world's text).
 */
export function resolvedAddresses(sent: unknown, input: unknown): string[] {
  const fields = (sent ?? {}) as { to?: unknown; cc?: unknown };
  return withoutEchoes([...stringList(fields.to), ...stringList(fields.cc)], input);
}
