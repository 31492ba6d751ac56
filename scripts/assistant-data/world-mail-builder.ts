/**
 * Builds the default world's messages one by one (ids msg-0001 upward in call order), and the
 * senders the mail files share.
 */

/** The user's address. */
export const me = "alex.morgan@example.com";

/** One message as the fixture stores it. */
export interface Mail {
  id: string;
  threadId: string;
  folder: "inbox" | "sent" | "drafts" | "archive" | "spam";
  from: { name?: string; address: string };
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  date: string;
  unread: boolean;
  inReplyTo?: string;
  attachments: string[];
}

/** The messages built so far. */
export const mails: Mail[] = [];
let counter = 0;

/** Adds one message and returns its id. The folder defaults to sent for mail from the user, else inbox. */
export function mail(
  thread: string,
  from: [string, string],
  to: string[],
  subject: string,
  date: string,
  body: string,
  options: {
    folder?: Mail["folder"];
    unread?: boolean;
    cc?: string[];
    attachments?: string[];
    replyTo?: string;
  } = {},
): string {
  counter += 1;
  const id = `msg-${String(counter).padStart(4, "0")}`;
  mails.push({
    id,
    threadId: thread,
    folder: options.folder ?? (from[1] === me ? "sent" : "inbox"),
    from: { name: from[0], address: from[1] },
    to,
    cc: options.cc ?? [],
    subject,
    body,
    date: `2025-${date}:00-04:00`,
    unread: options.unread ?? false,
    ...(options.replyTo ? { inReplyTo: options.replyTo } : {}),
    attachments: options.attachments ?? [],
  });
  return id;
}

export const alex: [string, string] = ["Alex Morgan", me];
export const priya: [string, string] = ["Priya Shah", "priya.shah@northwind.example.com"];
export const nora: [string, string] = ["Nora Kim", "nora.kim@northwind.example.com"];
export const jordan: [string, string] = ["Jordan Lee", "jordan.lee@example.net"];
export const mom: [string, string] = ["Maria Morgan", "maria.morgan@example.net"];
export const ana: [string, string] = ["Ana Costa", "ana.costa@example.pt"];
export const sam: [string, string] = ["Sam Patel", "sam.patel@northwind.example.com"];
export const tom: [string, string] = ["Tom Becker", "tom.becker@northwind.example.com"];
export const marcus: [string, string] = ["Marcus Brown", "marcus.brown@northwind.example.com"];
export const shop: [string, string] = ["Shop Orders", "orders@shop.example.com"];
