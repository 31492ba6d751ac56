/**
 * Email tools that only read: list a folder, search, read one message, read a thread. Their
 * output is untrusted (other people wrote it), so reading mail taints the session.
 */
import { searchFold, searchTerms } from "../text/search-fold.js";
import { refuse, type Tool, ToolError } from "../tools/tool.js";
import { type EmailRow, emailFull, emailSummary, emailUntrustedText } from "./email-rows.js";
import type { StateSource } from "./state-source.js";
import { parseDateTime, toUtcText } from "./time-zones.js";

const folders = ["inbox", "sent", "drafts", "archive", "spam"];

/** Builds the reading email tools over a world. */
export function emailReadTools(world: StateSource): Tool[] {
  const zone = () => world().user().timeZone;
  const common = { sideEffect: "read" as const, untrustedText: emailUntrustedText };

  const list: Tool<{ folder?: string; unread_only?: boolean; limit?: number }> = {
    ...common,
    definition: {
      name: "email_list",
      description:
        "List messages in a mail folder, newest first (default: inbox, 10 messages). Shows sender, subject, date and a snippet.",
      parameters: {
        type: "object",
        properties: {
          folder: { type: "string", enum: folders, description: "Folder (default inbox)" },
          unread_only: { type: "boolean", description: "Only unread messages" },
          limit: { type: "integer", minimum: 1, maximum: 50, description: "Most messages (default 10)" },
        },
        additionalProperties: false,
      },
    },
    async execute(input) {
      const folder = input.folder ?? "inbox";
      const rows = world()
        .db.prepare(
          `SELECT * FROM emails WHERE folder = ? ${input.unread_only ? "AND unread = 1" : ""} ORDER BY date_utc DESC, id DESC`,
        )
        .all(folder) as EmailRow[];
      const limit = input.limit ?? 10;
      return {
        folder,
        messages: rows.slice(0, limit).map((row) => emailSummary(row, zone())),
        total: rows.length,
      };
    },
  };

  const search: Tool<{
    query?: string;
    from?: string;
    folder?: string;
    after?: string;
    before?: string;
    limit?: number;
  }> = {
    ...common,
    definition: {
      name: "email_search",
      description:
        "Search mail by words in the subject or body, by sender, folder and date. All given conditions must match. Newest first.",
      parameters: {
        type: "object",
        properties: {
          query: { type: "string", description: "Words that must all appear in the subject or body" },
          from: { type: "string", description: "Part of the sender's name or address" },
          folder: { type: "string", enum: folders, description: "Only this folder (default: all but spam)" },
          after: { type: "string", description: "Only mail on or after this date (ISO 8601)" },
          before: { type: "string", description: "Only mail before this date (ISO 8601)" },
          limit: { type: "integer", minimum: 1, maximum: 50, description: "Most messages (default 10)" },
        },
        additionalProperties: false,
      },
    },
    async execute(input) {
      const terms = searchTerms(input.query ?? "");
      const from = input.from === undefined ? undefined : searchFold(input.from);
      const after = input.after ? toUtcText(parseDateTime(input.after, zone(), "after")) : "0000";
      const before = input.before ? toUtcText(parseDateTime(input.before, zone(), "before")) : "9999";
      const rows = (
        world().db.prepare("SELECT * FROM emails ORDER BY date_utc DESC, id DESC").all() as EmailRow[]
      ).filter((row) => {
        if (input.folder ? row.folder !== input.folder : row.folder === "spam") return false;
        if (row.date_utc < after || row.date_utc >= before) return false;
        if (from && !searchFold(`${row.from_name ?? ""} ${row.from_address}`).includes(from)) return false;
        const text = searchFold(`${row.subject}\n${row.body}`);
        return terms.every((term) => text.includes(term));
      });
      return {
        messages: rows.slice(0, input.limit ?? 10).map((row) => emailSummary(row, zone())),
        total: rows.length,
      };
    },
  };

  const read: Tool<{ message_id: string }> = {
    ...common,
    definition: {
      name: "email_read",
      description: "Read one message in full (sender, recipients, subject, date, body).",
      parameters: {
        type: "object",
        properties: { message_id: { type: "string", description: "Id from email_list or email_search" } },
        required: ["message_id"],
        additionalProperties: false,
      },
    },
    preconditions(input) {
      const found = world().db.prepare("SELECT 1 FROM emails WHERE id = ?").get(input.message_id);
      return found
        ? null
        : refuse("precondition", `no message with id '${input.message_id}'`, "user-input-only");
    },
    async execute(input) {
      const row = world().db.prepare("SELECT * FROM emails WHERE id = ?").get(input.message_id) as
        | EmailRow
        | undefined;
      if (!row)
        throw new ToolError("precondition", `no message with id '${input.message_id}'`, {
          madeOf: "user-input-only",
        });
      return emailFull(row, zone());
    },
  };

  const thread: Tool<{ thread_id: string }> = {
    ...common,
    definition: {
      name: "email_read_thread",
      description: "Read every message of a conversation, oldest first.",
      parameters: {
        type: "object",
        properties: { thread_id: { type: "string", description: "thread_id from a message" } },
        required: ["thread_id"],
        additionalProperties: false,
      },
    },
    preconditions(input) {
      const found = world().db.prepare("SELECT 1 FROM emails WHERE thread_id = ?").get(input.thread_id);
      return found
        ? null
        : refuse("precondition", `no thread with id '${input.thread_id}'`, "user-input-only");
    },
    async execute(input) {
      const rows = world()
        .db.prepare("SELECT * FROM emails WHERE thread_id = ? ORDER BY date_utc, id")
        .all(input.thread_id) as EmailRow[];
      return { thread_id: input.thread_id, messages: rows.map((row) => emailFull(row, zone())) };
    },
  };

  return [list, search, read, thread];
}
