/**
 * The SQLite tables of an assistant world and the loading of a fixture into them. Instants are
 * stored as UTC text (`2025-06-03T18:30:00Z`), lists as JSON text, money as integer cents.
 */
import type Database from "better-sqlite3";
import { defaultSettings, type SettingName } from "./settings-rules.js";
import { parseDateTime, toUtcText } from "./time-zones.js";
import type { WorldFixture } from "./world-fixture.js";

/** Bumped when the tables change; stored in `meta.schema_version`. */
export const worldSchemaVersion = 2;

/** Every table with its primary key column, in snapshot order. */
export const worldTables: readonly { name: string; key: string }[] = [
  { name: "meta", key: "key" },
  { name: "contacts", key: "id" },
  { name: "events", key: "id" },
  { name: "emails", key: "id" },
  { name: "settings", key: "key" },
  { name: "alarms", key: "id" },
  { name: "catalog", key: "id" },
  { name: "payment_methods", key: "id" },
  { name: "orders", key: "id" },
  { name: "cart", key: "item_id" },
];

const createStatements = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE contacts (id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT,
  relationship TEXT, notes TEXT);
CREATE TABLE events (id TEXT PRIMARY KEY, title TEXT NOT NULL, start_utc TEXT NOT NULL, end_utc TEXT NOT NULL,
  time_zone TEXT NOT NULL, location TEXT, description TEXT, attendees TEXT NOT NULL DEFAULT '[]');
CREATE INDEX events_by_start ON events (start_utc);
CREATE TABLE emails (id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, folder TEXT NOT NULL, from_name TEXT,
  from_address TEXT NOT NULL, to_addresses TEXT NOT NULL, cc_addresses TEXT NOT NULL DEFAULT '[]',
  subject TEXT NOT NULL, body TEXT NOT NULL, date_utc TEXT NOT NULL, unread INTEGER NOT NULL DEFAULT 0,
  in_reply_to TEXT, attachments TEXT NOT NULL DEFAULT '[]');
CREATE INDEX emails_by_thread ON emails (thread_id, date_utc);
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE alarms (id TEXT PRIMARY KEY, time TEXT NOT NULL, label TEXT NOT NULL, days TEXT NOT NULL,
  enabled INTEGER NOT NULL);
CREATE TABLE catalog (id TEXT PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL, brand TEXT,
  price_cents INTEGER NOT NULL, description TEXT NOT NULL, stock INTEGER NOT NULL, rating REAL);
CREATE TABLE payment_methods (id TEXT PRIMARY KEY, label TEXT NOT NULL, kind TEXT NOT NULL, last4 TEXT NOT NULL,
  is_default INTEGER NOT NULL);
CREATE TABLE orders (id TEXT PRIMARY KEY, items TEXT NOT NULL, total_cents INTEGER NOT NULL,
  payment_method_id TEXT NOT NULL, status TEXT NOT NULL, placed_at TEXT NOT NULL);
CREATE TABLE cart (item_id TEXT PRIMARY KEY, quantity INTEGER NOT NULL,
  added_after_untrusted INTEGER NOT NULL DEFAULT 0);
`;

/**
 * Brings a world made by an older version up to this one's tables (run on every open): version 1
 * lacked the cart's `added_after_untrusted` mark (its lines count as unmarked).
 */
export function upgradeWorldSchema(db: Database.Database): void {
  const lacksMark = () => {
    const columns = db.prepare("SELECT name FROM pragma_table_info('cart')").all() as { name: string }[];
    return columns.length > 0 && !columns.some((column) => column.name === "added_after_untrusted");
  };
  if (!lacksMark()) return;
  // IMMEDIATE: two processes opening the same old world upgrade it once.
  db.transaction(() => {
    if (!lacksMark()) return;
    db.exec("ALTER TABLE cart ADD COLUMN added_after_untrusted INTEGER NOT NULL DEFAULT 0");
    db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(String(worldSchemaVersion));
  }).immediate();
}

/** Creates the tables in an empty database and fills them from the fixture (one transaction). */
export function loadFixture(db: Database.Database, fixture: WorldFixture): void {
  const zone = fixture.user.timeZone;
  const utc = (text: string, field: string) => toUtcText(parseDateTime(text, zone, field));
  db.exec(createStatements);
  const insert = (table: string, row: Record<string, unknown>) => {
    const columns = Object.keys(row);
    db.prepare(
      `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((name) => `@${name}`).join(", ")})`,
    ).run(row);
  };
  db.transaction(() => {
    const meta: Record<string, string> = {
      schema_version: String(worldSchemaVersion),
      now: utc(fixture.now, "now"),
      user_name: fixture.user.name,
      user_email: fixture.user.email,
      time_zone: zone,
      spending_cap_cents: String(fixture.spendingCapCents),
      currency: fixture.currency,
    };
    for (const [key, value] of Object.entries(meta)) insert("meta", { key, value });
    for (const contact of fixture.contacts) {
      insert("contacts", {
        id: contact.id,
        name: contact.name,
        email: contact.email,
        phone: contact.phone ?? null,
        relationship: contact.relationship ?? null,
        notes: contact.notes ?? null,
      });
    }
    fixture.events.forEach((event, index) => {
      insert("events", {
        id: event.id,
        title: event.title,
        start_utc: utc(event.start, `events.${index}.start`),
        end_utc: utc(event.end, `events.${index}.end`),
        time_zone: event.timeZone ?? zone,
        location: event.location ?? null,
        description: event.description ?? null,
        attendees: JSON.stringify(event.attendees),
      });
    });
    fixture.emails.forEach((email, index) => {
      insert("emails", {
        id: email.id,
        thread_id: email.threadId,
        folder: email.folder,
        from_name: email.from.name ?? null,
        from_address: email.from.address,
        to_addresses: JSON.stringify(email.to),
        cc_addresses: JSON.stringify(email.cc),
        subject: email.subject,
        body: email.body,
        date_utc: utc(email.date, `emails.${index}.date`),
        unread: email.unread ? 1 : 0,
        in_reply_to: email.inReplyTo ?? null,
        attachments: JSON.stringify(email.attachments),
      });
    });
    const settings = { ...defaultSettings, ...fixture.settings };
    for (const name of Object.keys(settings).sort() as SettingName[]) {
      insert("settings", { key: name, value: JSON.stringify(settings[name]) });
    }
    for (const alarm of fixture.alarms) {
      insert("alarms", {
        id: alarm.id,
        time: alarm.time,
        label: alarm.label,
        days: JSON.stringify(alarm.days),
        enabled: alarm.enabled ? 1 : 0,
      });
    }
    for (const item of fixture.catalog) {
      insert("catalog", {
        id: item.id,
        name: item.name,
        category: item.category,
        brand: item.brand ?? null,
        price_cents: item.priceCents,
        description: item.description,
        stock: item.stock,
        rating: item.rating ?? null,
      });
    }
    for (const method of fixture.paymentMethods) {
      insert("payment_methods", {
        id: method.id,
        label: method.label,
        kind: method.kind,
        last4: method.last4,
        is_default: method.isDefault ? 1 : 0,
      });
    }
    fixture.orders.forEach((order, index) => {
      insert("orders", {
        id: order.id,
        items: JSON.stringify(order.items),
        total_cents: order.totalCents,
        payment_method_id: order.paymentMethodId,
        status: order.status,
        placed_at: utc(order.placedAt, `orders.${index}.placedAt`),
      });
    });
    for (const line of fixture.cart)
      insert("cart", {
        item_id: line.itemId,
        quantity: line.quantity,
        added_after_untrusted: line.addedAfterUntrusted ? 1 : 0,
      });
  })();
}
