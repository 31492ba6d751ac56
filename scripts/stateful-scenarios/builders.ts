/**
 * Small builders for the `assistant:stateful` scenarios (src/suites/stateful/scenario.ts is the
 * format): predicates, milestones and minefields, reference calls with their loose (free-text)
 * arguments, the seeded world's addresses, and local-to-UTC times for the fixed June 2025 world.
 */
import type { Matcher } from "../../src/suites/stateful/scenario.js";

export type { Matcher };

/** A scenario category (the order of scenarioCategories). */
export type Category =
  | "single-tool-call"
  | "multiple-tool-calls"
  | "multiple-user-turns"
  | "state-dependency"
  | "canonicalisation"
  | "disambiguation"
  | "coreference"
  | "insufficient-information";

/** A tool domain offered to the model. */
export type Domain = "calendar" | "email" | "contacts" | "files" | "settings" | "web" | "shop";

/** A predicate (see scenario.ts). */
export type Predicate = Record<string, unknown>;
/** A milestone: a predicate with an id, a description and its predecessors. */
export type Milestone = { id: string; description: string; after?: string[] } & Predicate;
/** A minefield: a predicate that must never hold. */
export type Minefield = { id: string; description: string } & Predicate;
/** One call of a reference solution. */
export interface ReferenceCall {
  name: string;
  arguments: Record<string, unknown>;
  loose?: string[];
}
/** One output of a reference solution: calls (one model step) or a text reply. */
export type ReferenceOutput = { calls: ReferenceCall[] } | { text: string };

/** A scenario as written by the generator. */
export interface Scenario {
  id: string;
  category: Category;
  /** For a twin in another language (scripts/stateful-scenarios/multilingual/): its language. */
  language?: string;
  /** For a twin: the English scenario's id. */
  twin?: string;
  domains: Domain[];
  world?: Record<string, unknown>;
  turns: string[];
  answers?: { pattern: string; reply: string }[];
  milestones: Milestone[];
  minefields?: Minefield[];
  reference: ReferenceOutput[];
}

// ---- reference solutions ----

/** Arguments that hold free text: the scripted user only checks that they are given. */
const freeTextArguments = new Set([
  "subject",
  "body",
  "note",
  "content",
  "title",
  "label",
  "description",
  "location",
]);

/** A reference call; its free-text arguments are marked loose. */
export function call(name: string, args: Record<string, unknown>): ReferenceCall {
  const loose = Object.keys(args).filter((key) => freeTextArguments.has(key));
  return loose.length > 0 ? { name, arguments: args, loose } : { name, arguments: args };
}

/** One model step making these calls. */
export function step(...calls: ReferenceCall[]): ReferenceOutput {
  return { calls };
}

/** A text reply of the assistant. */
export function say(text: string): ReferenceOutput {
  return { text };
}

// ---- predicates ----

/** An assistant reply matching `matcher`. */
export const reply = (matcher: Matcher): Predicate => ({ reply: matcher });
/** A reply matching a case-insensitive regular expression. */
export const replyRegex = (pattern: string): Predicate => ({ reply: { regex: pattern } });
/** A successful (or, with ok false, failed) call of `name` with matching arguments. */
export function called(name: string, args?: Record<string, Matcher>, ok?: boolean): Predicate {
  return { call: name, ...(args === undefined ? {} : { args }), ...(ok === undefined ? {} : { ok }) };
}
/** A device setting's value. */
export const setting = (name: string, value: boolean | number): Predicate => ({ setting: name, value });
/** A row predicate. */
export function row(
  table: string,
  change: "added" | "removed" | "changed" | "exists" | "missing",
  where?: Record<string, Matcher>,
  columns?: string[],
): Predicate {
  return {
    row: table,
    change,
    ...(where === undefined ? {} : { where }),
    ...(columns === undefined ? {} : { columns }),
  };
}
/** A file predicate. */
export function file(
  path: string,
  change: "added" | "removed" | "changed" | "exists" | "missing",
  text?: Matcher,
): Predicate {
  return { file: path, change, ...(text === undefined ? {} : { text }) };
}
/** Any change to the world other than the tables (or "files") in `except`. */
export const anyChange = (except?: string[]): Predicate =>
  except === undefined ? { anyChange: true } : { anyChange: true, except };

/** Matches a value that is none of `values` (anything when `values` is empty). */
export const noneOf = (values: string[]): Matcher =>
  values.length === 0 ? { not: { absent: true } } : { not: { anyOf: values } };
/** Matches text containing `needle` (case- and space-insensitive). */
export const contains = (needle: string): Matcher => ({ contains: needle });
/** Matches text against a case-insensitive regular expression. */
export const regex = (pattern: string): Matcher => ({ regex: pattern });
/** Matches a JSON list holding an item matching `matcher`. */
export const includes = (matcher: Matcher): Matcher => ({ includes: matcher });

/** A new email in `folder` (default sent) whose recipients include `to`, with extra column matchers. */
export function mailAdded(
  to: string,
  extra: Record<string, Matcher> = {},
  folder: "sent" | "drafts" = "sent",
): Predicate {
  return row("emails", "added", { folder, to_addresses: includes(to), ...extra });
}
/** A new event with these columns. */
export const eventAdded = (where: Record<string, Matcher>): Predicate => row("events", "added", where);
/** Event `id` now starts at `startUtc` (its start changed). */
export const eventMoved = (id: string, startUtc: string, extra: Record<string, Matcher> = {}): Predicate =>
  row("events", "changed", { id, start_utc: startUtc, ...extra }, ["start_utc"]);
/** Event `id` was deleted. */
export const eventRemoved = (id: string): Predicate => row("events", "removed", { id });
/** Item `itemId` was put in the cart (a new cart line). */
export const cartAdded = (itemId: string, extra: Record<string, Matcher> = {}): Predicate =>
  row("cart", "added", { item_id: itemId, ...extra });
/** A new order whose items include `itemId`, with extra column matchers. */
export const orderAdded = (itemId: string, extra: Record<string, Matcher> = {}): Predicate =>
  row("orders", "added", { items: contains(`"${itemId}"`), ...extra });

// ---- milestones and minefields ----

/** A milestone. */
export function goal(id: string, description: string, predicate: Predicate, after?: string[]): Milestone {
  return { id, description, ...(after === undefined || after.length === 0 ? {} : { after }), ...predicate };
}

/** A minefield. */
export function mine(id: string, description: string, predicate: Predicate): Minefield {
  return { id, description, ...predicate };
}

/** The world must not change at all (a question, a refusal). */
export const readOnly = (): Minefield => mine("changed", "changed the world for a question", anyChange());

/** Nothing but `tables` (table names, or "files") may change. */
export const onlyTouches = (...tables: string[]): Minefield =>
  mine("touched-other", `changed something besides ${tables.join(", ")}`, anyChange(tables));

/** No setting may change but `allowed` (the asked ones and those they switch with them). */
export const otherSettings = (...allowed: string[]): Minefield =>
  mine(
    "other-setting",
    `changed a setting besides ${allowed.join(", ")}`,
    row("settings", "changed", { key: noneOf(allowed) }),
  );

/** No email may go to anyone but `allowed`. */
export const wrongRecipient = (...allowed: string[]): Minefield =>
  mine(
    "wrong-recipient",
    `an email went to someone besides ${allowed.join(", ")}`,
    row("emails", "added", { folder: "sent", to_addresses: includes(noneOf(allowed)) }),
  );

/** No event but `allowed` may be changed or deleted (two minefields). */
export function otherEvents(...allowed: string[]): Minefield[] {
  const where = allowed.length === 0 ? undefined : { id: noneOf(allowed) };
  return [
    mine("other-event-changed", "changed an event it was not asked to", row("events", "changed", where)),
    mine("other-event-removed", "deleted an event it was not asked to", row("events", "removed", where)),
  ];
}

/** No order may be placed. */
export const noOrder = (): Minefield => mine("ordered", "placed an order", row("orders", "added"));

// ---- the seeded world ----

/** Addresses of the seeded contacts and the user. */
export const address = {
  alex: "alex.morgan@example.com",
  jordan: "jordan.lee@example.net",
  priya: "priya.shah@northwind.example.com",
  samPatel: "sam.patel@northwind.example.com",
  samRivera: "sam.rivera@example.org",
  mom: "maria.morgan@example.net",
  chris: "chris.morgan@example.net",
  dentist: "frontdesk@riverton-dental.example.com",
  tom: "tom.becker@northwind.example.com",
  lena: "lena.fischer@example.de",
  ana: "ana.costa@example.pt",
  landlord: "office@greenway-pm.example.com",
  kevin: "kevin.walsh@example.com",
  nora: "nora.kim@northwind.example.com",
  plumber: "dave@davesplumbing.example.com",
  emily: "emily.zhang@example.com",
  marcus: "marcus.brown@northwind.example.com",
  olivia: "olivia.martin@example.org",
} as const;

/**
 * The seven alarms that, with the seeded three, fill the phone's ten slots. Their ids are not the
 * next ones in sequence (alarm-0004...): the world hands a new alarm the first free number, so an
 * alarm created after deleting alarm-0004 would get its id back and look like a changed row.
 */
export const fullAlarms = [
  { id: "alarm-0104", time: "05:00", label: "Old flight", days: [], enabled: false },
  { id: "alarm-0105", time: "06:00", label: "Meds", days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] },
  { id: "alarm-0106", time: "12:30", label: "Lunch walk", days: ["mon", "tue", "wed", "thu", "fri"] },
  { id: "alarm-0107", time: "15:00", label: "Stretch", days: ["mon", "tue", "wed", "thu", "fri"] },
  {
    id: "alarm-0108",
    time: "21:30",
    label: "Wind down",
    days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
  },
  { id: "alarm-0109", time: "22:00", label: "Water the plants", days: ["wed", "sun"], enabled: false },
  { id: "alarm-0110", time: "07:00", label: "Trash day", days: ["thu"] },
];

/** Settings of a phone that is offline: airplane mode on, Wi-Fi and Bluetooth off. */
export const offline = { airplane_mode: true, wifi: false, bluetooth: false };

/** The weekdays, as alarm days. */
export const weekdays = ["mon", "tue", "wed", "thu", "fri"];

/** A local date-time (`2025-06-03T14:00`) at a fixed UTC offset (hours) as stored UTC text. */
export function utc(local: string, offsetHours: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (match === null) throw new Error(`bad local time ${local}`);
  const [, year, month, day, hour, minute] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const instant = Date.UTC(year, month - 1, day, hour - offsetHours, minute);
  return `${new Date(instant).toISOString().slice(0, 19)}Z`;
}
/** New York time in June and July 2025 (EDT, UTC-4) as UTC text. */
export const ny = (local: string): string => utc(local, -4);
/** Lisbon or London time in June 2025 (UTC+1) as UTC text. */
export const lisbon = (local: string): string => utc(local, 1);
/** Berlin time in June 2025 (CEST, UTC+2) as UTC text. */
export const berlin = (local: string): string => utc(local, 2);
