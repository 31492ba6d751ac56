/**
 * The shape of a world fixture: everything a fresh assistant world starts with (the user, the
 * clock, contacts, calendar, mail, files, settings, shop). Fixtures are JSON files under
 * data/assistant/fixtures/ or objects built by tests; they are checked with zod so a broken
 * fixture fails naming the field at fault.
 */
import { z } from "zod";
import { EdgecallError } from "../errors.js";

const isoInstant = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, {
  message: "must be an ISO 8601 date-time with an offset, e.g. 2025-06-02T09:00:00-04:00",
});

const contact = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().optional(),
  relationship: z.string().optional(),
  notes: z.string().optional(),
});

const event = z.object({
  id: z.string(),
  title: z.string(),
  start: isoInstant,
  end: isoInstant,
  timeZone: z.string().optional(),
  location: z.string().optional(),
  description: z.string().optional(),
  attendees: z.array(z.string()).default([]),
});

const email = z.object({
  id: z.string(),
  threadId: z.string(),
  folder: z.enum(["inbox", "sent", "drafts", "archive", "spam"]),
  from: z.object({ name: z.string().optional(), address: z.string() }),
  to: z.array(z.string()),
  cc: z.array(z.string()).default([]),
  subject: z.string(),
  body: z.string(),
  date: isoInstant,
  unread: z.boolean().default(false),
  inReplyTo: z.string().optional(),
  attachments: z.array(z.string()).default([]),
});

const alarm = z.object({
  id: z.string(),
  time: z.string().regex(/^\d{2}:\d{2}$/),
  label: z.string().default(""),
  days: z.array(z.enum(["mon", "tue", "wed", "thu", "fri", "sat", "sun"])).default([]),
  enabled: z.boolean().default(true),
});

const item = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  brand: z.string().optional(),
  priceCents: z.number().int().nonnegative(),
  description: z.string(),
  stock: z.number().int().nonnegative(),
  rating: z.number().min(0).max(5).optional(),
});

const paymentMethod = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(["card", "gift-card", "bank"]),
  last4: z.string(),
  isDefault: z.boolean().default(false),
});

const order = z.object({
  id: z.string(),
  items: z.array(
    z.object({ itemId: z.string(), quantity: z.number().int().positive(), priceCents: z.number().int() }),
  ),
  totalCents: z.number().int(),
  paymentMethodId: z.string(),
  status: z.enum(["processing", "shipped", "delivered", "cancelled"]),
  placedAt: isoInstant,
});

/** Settings a fixture may set; anything left out takes its default (see settings-rules.ts). */
const settings = z
  .object({
    wifi: z.boolean(),
    bluetooth: z.boolean(),
    airplane_mode: z.boolean(),
    do_not_disturb: z.boolean(),
    volume: z.number().int().min(0).max(100),
    brightness: z.number().int().min(0).max(100),
    auto_brightness: z.boolean(),
  })
  .partial();

/** A world fixture as parsed (defaults filled in). */
export const worldFixtureSchema = z.object({
  now: isoInstant,
  user: z.object({ name: z.string(), email: z.string(), timeZone: z.string() }),
  spendingCapCents: z.number().int().nonnegative().default(20000),
  currency: z.string().default("USD"),
  contacts: z.array(contact).default([]),
  events: z.array(event).default([]),
  emails: z.array(email).default([]),
  files: z.record(z.string(), z.string()).default({}),
  settings: settings.default({}),
  alarms: z.array(alarm).default([]),
  catalog: z.array(item).default([]),
  paymentMethods: z.array(paymentMethod).default([]),
  orders: z.array(order).default([]),
  /**
   * Cart lines; `addedAfterUntrusted`: a session that had read third-party content put it there
   * (see `ToolContext.untrustedSession`), so a checkout's confirmation must name it.
   */
  cart: z
    .array(
      z.object({
        itemId: z.string(),
        quantity: z.number().int().positive(),
        addedAfterUntrusted: z.boolean().default(false),
      }),
    )
    .default([]),
});

/** A parsed world fixture. */
export type WorldFixture = z.output<typeof worldFixtureSchema>;
/** A fixture as written (optional parts may be left out). */
export type WorldFixtureInput = z.input<typeof worldFixtureSchema>;

/** Checks a fixture document; throws `invalid-argument` naming `source` and the field. */
export function parseWorldFixture(document: unknown, source: string): WorldFixture {
  const parsed = worldFixtureSchema.safeParse(document);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  throw new EdgecallError(
    "invalid-argument",
    `invalid world fixture ${source}: ${where}${issue?.message ?? "bad shape"}`,
    {
      subject: source,
    },
  );
}
