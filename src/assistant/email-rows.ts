/**
 * How stored emails are shown to a model: summaries for listings, full messages for reading.
 * Dates are local to the user's zone; bodies are capped per message.
 */
import { capText } from "../guards/output-cap.js";
import { formatInZone } from "./time-zones.js";
import { stringsUnderKeys } from "./untrusted-fields.js";

/** A row of the `emails` table. */
export interface EmailRow {
  id: string;
  thread_id: string;
  folder: string;
  from_name: string | null;
  from_address: string;
  to_addresses: string;
  cc_addresses: string;
  subject: string;
  body: string;
  date_utc: string;
  unread: number;
  in_reply_to: string | null;
  attachments: string;
}

/** Longest body shown per message, in bytes. */
export const maxBodyBytes = 8 * 1024;

const untrustedKeys = new Set(["from", "from_name", "to", "cc", "subject", "body", "snippet", "attachments"]);

/** The third-party text in an email tool's output (addresses, names, subjects, bodies; not ids or dates). */
export function emailUntrustedText(output: unknown): string[] {
  return stringsUnderKeys(output, untrustedKeys);
}

/** A one-line view of a message for listings. */
export function emailSummary(row: EmailRow, zone: string) {
  return {
    id: row.id,
    thread_id: row.thread_id,
    folder: row.folder,
    from: row.from_address,
    ...(row.from_name ? { from_name: row.from_name } : {}),
    subject: row.subject,
    date: formatInZone(new Date(row.date_utc), zone),
    unread: row.unread === 1,
    snippet: row.body.replace(/\s+/g, " ").slice(0, 120),
  };
}

/** The whole message (body capped). */
export function emailFull(row: EmailRow, zone: string) {
  const attachments = JSON.parse(row.attachments) as string[];
  return {
    id: row.id,
    thread_id: row.thread_id,
    folder: row.folder,
    from: row.from_address,
    ...(row.from_name ? { from_name: row.from_name } : {}),
    to: JSON.parse(row.to_addresses) as string[],
    cc: JSON.parse(row.cc_addresses) as string[],
    subject: row.subject,
    date: formatInZone(new Date(row.date_utc), zone),
    ...(row.in_reply_to ? { in_reply_to: row.in_reply_to } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
    body: capText(row.body, maxBodyBytes),
  };
}
