/**
 * Email tools with effects: save a draft (`write`), and send, send a draft, reply, forward
 * (`external`). Every recipient of a sent message must be known (a contact, the user, someone the
 * user has written to before, or in the task's allowed recipients); otherwise the precondition
 * refuses the call before anything is sent. Storing and addressing outgoing mail: outgoing-mail.ts.
 */
import { refuse, type Tool, ToolError } from "../tools/tool.js";
import { resolveRecipients } from "./contacts.js";
import { type EmailRow, emailSummary } from "./email-rows.js";
import {
  derivedTargets,
  prefixed,
  recipientsCheck,
  replyTargets,
  resolvedAddresses,
  storedKeys,
  storedMessage,
  storeOutgoing,
} from "./outgoing-mail.js";
import { recipientTargets } from "./recipient-targets.js";
import type { StateSource } from "./state-source.js";
import { toUtcText } from "./time-zones.js";
import { stringsUnderKeys } from "./untrusted-fields.js";

const recipientList = (what: string) => ({
  type: "array",
  items: { type: "string", minLength: 1 },
  description: `${what}: email addresses or contact names`,
});
const sendWords = ["send", "email", "e-mail", "write to"];

/** Builds the email tools with effects over a world. */
export function emailSendTools(world: StateSource): Tool[] {
  const zone = () => world().user().timeZone;
  type Compose = { to: string[]; cc?: string[]; subject: string; body: string };
  const composeParameters = {
    type: "object",
    properties: {
      to: { ...recipientList("Recipients"), minItems: 1, maxItems: 20 },
      cc: { ...recipientList("Copy to"), maxItems: 20 },
      subject: { type: "string", maxLength: 300 },
      body: { type: "string", maxLength: 20000 },
    },
    required: ["to", "subject", "body"],
    additionalProperties: false,
  };

  const draft: Tool<Compose> = {
    definition: {
      name: "email_draft",
      description: "Save a message as a draft without sending it. Returns the draft id for email_send_draft.",
      parameters: composeParameters,
    },
    sideEffect: "write",
    // Inserts a new message in drafts.
    additiveOnly: true,
    untrustedText: (output, input) => resolvedAddresses(output, input),
    intentWords: ["draft", "prepare", "write", "compose"],
    async execute(input, context) {
      const state = world();
      const to = resolveRecipients(state, input.to, context, false);
      const cc = resolveRecipients(state, input.cc ?? [], context, false);
      const problems = [...to.problems, ...cc.problems];
      if (problems.length > 0)
        throw new ToolError("precondition", problems.join("; "), {
          ...(to.quotesWorld || cc.quotesWorld ? {} : { madeOf: "user-input-only" as const }),
        });
      const row = storeOutgoing(state, {
        folder: "drafts",
        to: to.addresses,
        cc: cc.addresses,
        subject: input.subject,
        body: input.body,
      });
      return { draft: emailSummary(row, zone()), to: to.addresses, cc: cc.addresses };
    },
  };

  const send: Tool<Compose> = {
    definition: {
      name: "email_send",
      description:
        "Send a new email now. Recipients must be contacts (name or address) or addresses the user has written to before.",
      parameters: composeParameters,
    },
    sideEffect: "external",
    // Inserts a new message in sent (it reaches people: `external`, but replaces nothing).
    additiveOnly: true,
    untrustedText: (output, input) => resolvedAddresses((output as { sent?: unknown } | null)?.sent, input),
    targetArguments: ["to", "cc"],
    intentWords: sendWords,
    preconditions: (input, context) => recipientsCheck(world(), [...input.to, ...(input.cc ?? [])], context),
    targets: (input, context) => [
      ...recipientTargets(world(), input.to, context, "to"),
      ...recipientTargets(world(), input.cc ?? [], context, "cc"),
    ],
    async execute(input, context) {
      const state = world();
      // Whether recipients are known is the precondition's (a guard's) question; the tool sends
      // where it is told, so `--guards off` shows what an unguarded assistant would do.
      const to = resolveRecipients(state, input.to, context, false);
      const cc = resolveRecipients(state, input.cc ?? [], context, false);
      const row = storeOutgoing(state, {
        folder: "sent",
        to: to.addresses,
        cc: cc.addresses,
        subject: input.subject,
        body: input.body,
      });
      return {
        sent: {
          id: row.id,
          thread_id: row.thread_id,
          to: to.addresses,
          cc: cc.addresses,
          subject: row.subject,
        },
      };
    },
  };

  const sendDraft: Tool<{ draft_id: string }> = {
    definition: {
      name: "email_send_draft",
      description:
        "Send a message saved in the drafts folder (see email_draft). Its recipients must be known, as for email_send.",
      parameters: {
        type: "object",
        properties: { draft_id: { type: "string", description: "Id of a message in the drafts folder" } },
        required: ["draft_id"],
        additionalProperties: false,
      },
    },
    sideEffect: "external",
    // The draft's recipients and subject are stored text (maybe saved by an earlier session).
    untrustedText: (output) => stringsUnderKeys(output, storedKeys),
    intentWords: sendWords,
    preconditions(input, context) {
      const row = world()
        .db.prepare("SELECT * FROM emails WHERE id = ? AND folder = 'drafts'")
        .get(input.draft_id) as EmailRow | undefined;
      if (!row) return refuse("precondition", `no draft with id '${input.draft_id}'`, "user-input-only");
      const all = [
        ...(JSON.parse(row.to_addresses) as string[]),
        ...(JSON.parse(row.cc_addresses) as string[]),
      ];
      return recipientsCheck(world(), all, context, true);
    },
    targets(input, context) {
      const row = storedMessage(world(), input.draft_id);
      const all = [
        ...(JSON.parse(row.to_addresses) as string[]),
        ...(JSON.parse(row.cc_addresses) as string[]),
      ];
      return derivedTargets(world(), all, context, row.id);
    },
    async execute(input) {
      const state = world();
      const row = storedMessage(state, input.draft_id);
      state.db
        .prepare("UPDATE emails SET folder = 'sent', date_utc = ? WHERE id = ?")
        .run(toUtcText(state.now()), row.id);
      return {
        sent: {
          id: row.id,
          thread_id: row.thread_id,
          to: JSON.parse(row.to_addresses),
          subject: row.subject,
        },
      };
    },
  };

  const reply: Tool<{ message_id: string; body: string; reply_all?: boolean }> = {
    definition: {
      name: "email_reply",
      description:
        "Reply to a message (to its sender; reply_all also copies the other recipients). The subject gets 'Re:'.",
      parameters: {
        type: "object",
        properties: {
          message_id: { type: "string", description: "The message to answer" },
          body: { type: "string", minLength: 1, maxLength: 20000 },
          reply_all: {
            type: "boolean",
            default: false,
            description: "Copy everyone on the original (default false)",
          },
        },
        required: ["message_id", "body"],
        additionalProperties: false,
      },
    },
    sideEffect: "external",
    // Inserts a new message in sent; the message replied to is left as it was.
    additiveOnly: true,
    // The recipients and the subject come from the message replied to.
    untrustedText: (output) => stringsUnderKeys(output, storedKeys),
    intentWords: ["reply", "respond", "answer", "write back", "send"],
    preconditions(input, context) {
      const state = world();
      const row = state.db.prepare("SELECT * FROM emails WHERE id = ?").get(input.message_id) as
        | EmailRow
        | undefined;
      if (!row) return refuse("precondition", `no message with id '${input.message_id}'`, "user-input-only");
      const targets = replyTargets(state, row, input.reply_all === true);
      return recipientsCheck(state, [...targets.to, ...targets.cc], context, true);
    },
    targets(input, context) {
      const state = world();
      const original = storedMessage(state, input.message_id);
      const { to, cc } = replyTargets(state, original, input.reply_all === true);
      return derivedTargets(state, [...to, ...cc], context, original.id);
    },
    async execute(input) {
      const state = world();
      const original = storedMessage(state, input.message_id);
      const targets = replyTargets(state, original, input.reply_all === true);
      const row = storeOutgoing(state, {
        folder: "sent",
        ...targets,
        subject: prefixed("Re:", original.subject),
        body: input.body,
        threadId: original.thread_id,
        inReplyTo: original.id,
      });
      return {
        sent: { id: row.id, thread_id: row.thread_id, to: targets.to, cc: targets.cc, subject: row.subject },
      };
    },
  };

  const forward: Tool<{ message_id: string; to: string[]; note?: string }> = {
    definition: {
      name: "email_forward",
      description: "Forward a message (with its attachments) to other people, optionally with a note on top.",
      parameters: {
        type: "object",
        properties: {
          message_id: { type: "string", description: "The message to forward" },
          to: { ...recipientList("Recipients"), minItems: 1, maxItems: 20 },
          note: { type: "string", maxLength: 5000, description: "Text above the forwarded message" },
        },
        required: ["message_id", "to"],
        additionalProperties: false,
      },
    },
    sideEffect: "external",
    // Inserts a new message in sent; the forwarded one is left as it was.
    additiveOnly: true,
    // The subject is the forwarded message's; the addresses may be contacts'.
    untrustedText: (output, input) => {
      const sent = (output as { sent?: { subject?: unknown } } | null)?.sent;
      return [
        ...(typeof sent?.subject === "string" ? [sent.subject] : []),
        ...resolvedAddresses(sent, input),
      ];
    },
    targetArguments: ["to"],
    intentWords: ["forward", "send", "share", "pass on"],
    preconditions(input, context) {
      const found = world().db.prepare("SELECT 1 FROM emails WHERE id = ?").get(input.message_id);
      if (!found)
        return refuse("precondition", `no message with id '${input.message_id}'`, "user-input-only");
      return recipientsCheck(world(), input.to, context);
    },
    targets: (input, context) => recipientTargets(world(), input.to, context, "to"),
    async execute(input, context) {
      const state = world();
      const original = storedMessage(state, input.message_id);
      const to = resolveRecipients(state, input.to, context, false);
      const header = [
        "---------- Forwarded message ----------",
        `From: ${original.from_name ? `${original.from_name} <${original.from_address}>` : original.from_address}`,
        `Date: ${original.date_utc}`,
        `Subject: ${original.subject}`,
        "",
      ].join("\n");
      const row = storeOutgoing(state, {
        folder: "sent",
        to: to.addresses,
        cc: [],
        subject: prefixed("Fwd:", original.subject),
        body: `${input.note ? `${input.note}\n\n` : ""}${header}\n${original.body}`,
        attachments: JSON.parse(original.attachments) as string[],
      });
      return { sent: { id: row.id, thread_id: row.thread_id, to: to.addresses, subject: row.subject } };
    },
  };

  return [draft, send, sendDraft, reply, forward];
}
