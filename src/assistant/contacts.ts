/**
 * Contacts and recipients: the `contacts_search` tool, and how an email recipient written as a
 * name or an address resolves to an address. A recipient is known when it is a contact, the user,
 * an address the user has sent mail to before, or listed in the task's `allowedRecipients`.
 */
import { searchFold, searchTerms } from "../text/search-fold.js";
import type { Tool, ToolContext } from "../tools/tool.js";
import type { StateSource } from "./state-source.js";
import { stringsUnderKeys } from "./untrusted-fields.js";
import type { AssistantState } from "./world.js";

/** A row of the `contacts` table. */
export interface ContactRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  relationship: string | null;
  notes: string | null;
}

/**
 * A resolved recipient, or why it could not be resolved (`quotesWorld`: the problem quotes
 * contacts' names and addresses, not only the text given).
 */
export type Recipient =
  | { ok: true; address: string; name?: string; known: boolean }
  | { ok: false; problem: string; quotesWorld?: true };

const addressPattern = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** Turns `Name <a@b.c>`, `a@b.c` or a contact's name into an address. */
export function resolveRecipient(state: AssistantState, text: string, context: ToolContext): Recipient {
  const trimmed = text.trim();
  const angle = /<([^<>]+)>\s*$/.exec(trimmed);
  const candidate = (angle ? angle[1]! : trimmed).trim().toLowerCase();
  if (candidate.includes("@")) {
    if (!addressPattern.test(candidate))
      return { ok: false, problem: `'${text}' is not a valid email address` };
    const contact = state.db.prepare("SELECT * FROM contacts WHERE lower(email) = ?").get(candidate) as
      | ContactRow
      | undefined;
    return {
      ok: true,
      address: candidate,
      ...(contact ? { name: contact.name } : {}),
      known: isKnown(state, candidate, context),
    };
  }
  const contacts = state.db.prepare("SELECT * FROM contacts ORDER BY name, id").all() as ContactRow[];
  const matches = contactsNamed(contacts, candidate);
  if (matches.length === 0)
    return { ok: false, problem: `no contact named '${text}'; use contacts_search or give an address` };
  if (matches.length > 1) {
    return {
      ok: false,
      problem: `'${text}' matches several contacts (${matches.map((contact) => `${contact.name} <${contact.email}>`).join(", ")}); give the address`,
      quotesWorld: true,
    };
  }
  const match = matches[0]!;
  return { ok: true, address: match.email.toLowerCase(), name: match.name, known: true };
}

/**
 * The contacts a name (not an address) written by the user stands for, trying in turn: the full
 * name, then one word of it, compared lowercased; then the same two in search form
 * (src/text/search-fold.ts: accents, `ß`, full-width forms and decomposed letters folded), so
 * "jose garcia" finds "José García". The folded tries run only when the literal ones find nothing:
 * folding never changes a contact a name resolved to before, it only turns "no contact named"
 * into a match (or into "several contacts", which asks for the address). The address the
 * recipient resolves to is always the contact's stored one, never a folded form.
 */
function contactsNamed(contacts: readonly ContactRow[], name: string): ContactRow[] {
  const lowercased = name.toLowerCase().replace(/\s+/g, " ");
  const folded = searchFold(name);
  const tries: ((contact: ContactRow) => boolean)[] = [
    (contact) => contact.name.toLowerCase() === lowercased,
    (contact) => contact.name.toLowerCase().split(/\s+/).includes(lowercased),
    (contact) => searchFold(contact.name) === folded,
    (contact) => searchFold(contact.name).split(" ").includes(folded),
  ];
  for (const matches of tries) {
    const found = contacts.filter(matches);
    if (found.length > 0) return found;
  }
  return [];
}

function isKnown(state: AssistantState, address: string, context: ToolContext): boolean {
  if (state.user().email.toLowerCase() === address) return true;
  if ((context.allowedRecipients ?? []).some((allowed) => allowed.trim().toLowerCase() === address))
    return true;
  if (state.db.prepare("SELECT 1 FROM contacts WHERE lower(email) = ?").get(address)) return true;
  return hasWrittenTo(state, address);
}

/**
 * True when a message in the sent folder lists `address` (lowercase) exactly as a recipient. The
 * query narrows with `instr` (a plain substring test: `%` and `_` in an address are not wildcards,
 * as they would be with LIKE); the recipient lists are then compared element by element.
 */
function hasWrittenTo(state: AssistantState, address: string): boolean {
  const quoted = JSON.stringify(address);
  const rows = state.db
    .prepare(
      "SELECT to_addresses, cc_addresses FROM emails WHERE folder = 'sent' AND (instr(lower(to_addresses), ?) > 0 OR instr(lower(cc_addresses), ?) > 0)",
    )
    .iterate(quoted, quoted) as Iterable<{ to_addresses: string; cc_addresses: string }>;
  for (const row of rows) {
    for (const list of [row.to_addresses, row.cc_addresses]) {
      if (recipientList(list).some((recipient) => recipient.trim().toLowerCase() === address)) return true;
    }
  }
  return false;
}

function recipientList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Resolves a list of recipients; `problems` lists the unresolved and (when `requireKnown`) unknown
 * ones, and `quotesWorld` tells whether a problem quotes contacts rather than only `texts`.
 */
export function resolveRecipients(
  state: AssistantState,
  texts: readonly string[],
  context: ToolContext,
  requireKnown: boolean,
): { addresses: string[]; problems: string[]; quotesWorld: boolean } {
  const addresses: string[] = [];
  const problems: string[] = [];
  let quotesWorld = false;
  for (const text of texts) {
    const recipient = resolveRecipient(state, text, context);
    if (!recipient.ok) {
      problems.push(recipient.problem);
      quotesWorld ||= recipient.quotesWorld === true;
    } else if (requireKnown && !recipient.known) {
      problems.push(`${recipient.address} is not a contact and not an allowed recipient`);
    } else if (!addresses.includes(recipient.address)) addresses.push(recipient.address);
  }
  return { addresses, problems, quotesWorld };
}

/**
 * Contact fields: all of them text someone other than the user may have written (cards received,
 * synced address books, notes pasted from messages); only the id is the address book's own.
 */
const untrustedKeys = new Set(["name", "email", "phone", "relationship", "notes"]);

/** The `contacts_search` tool. */
export function contactsTools(world: StateSource): Tool[] {
  const search: Tool<{ query?: string; limit?: number }> = {
    definition: {
      name: "contacts_search",
      description:
        "Look up contacts by name, email, phone or relationship (e.g. 'dentist', 'sister'). An empty query lists contacts alphabetically.",
      parameters: {
        type: "object",
        properties: {
          query: { type: "string", description: "Words to match; all must match" },
          limit: { type: "integer", minimum: 1, maximum: 100, description: "Most results (default 20)" },
        },
        additionalProperties: false,
      },
    },
    sideEffect: "read",
    untrustedText: (output) => stringsUnderKeys(output, untrustedKeys),
    async execute(input) {
      const terms = searchTerms(input.query ?? "");
      const rows = world().db.prepare("SELECT * FROM contacts ORDER BY name, id").all() as ContactRow[];
      const matches = rows.filter((row) => {
        const text = searchFold(
          [row.name, row.email, row.phone ?? "", row.relationship ?? "", row.notes ?? ""].join(" "),
        );
        return terms.every((term) => text.includes(term));
      });
      return {
        contacts: matches.slice(0, input.limit ?? 20).map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          ...(row.phone ? { phone: row.phone } : {}),
          ...(row.relationship ? { relationship: row.relationship } : {}),
          ...(row.notes ? { notes: row.notes } : {}),
        })),
        total: matches.length,
      };
    },
  };
  return [search];
}
