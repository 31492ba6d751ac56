/**
 * The telecom domain's tables, the agent's tools (network side: customers, lines, plans, bills,
 * roaming, top-ups) and the user's own tools on their phone (dual control, as in tau2-bench's
 * telecom domain): the status bar, airplane mode, mobile data and data roaming. The agent cannot
 * see the phone; it must ask the user to look and to act.
 */
import type { Db } from "../policy-database.js";
import { cents, ensure, number, type PolicyToolSpec, row, rows, text } from "../policy-tool.js";

/** The tables. */
export const telecomSchema = `
CREATE TABLE customers (customer_id TEXT PRIMARY KEY, name TEXT NOT NULL, date_of_birth TEXT NOT NULL);
CREATE TABLE plans (plan_id TEXT PRIMARY KEY, name TEXT NOT NULL, monthly_fee REAL NOT NULL, data_gb REAL NOT NULL);
CREATE TABLE lines (phone TEXT PRIMARY KEY, customer_id TEXT NOT NULL, plan_id TEXT NOT NULL, status TEXT NOT NULL, roaming_enabled INTEGER NOT NULL, data_used_gb REAL NOT NULL, top_up_gb REAL NOT NULL);
CREATE TABLE bills (bill_id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, period TEXT NOT NULL, amount REAL NOT NULL, status TEXT NOT NULL);
CREATE TABLE charges (seq INTEGER PRIMARY KEY AUTOINCREMENT, phone TEXT NOT NULL, amount REAL NOT NULL, description TEXT NOT NULL);
CREATE TABLE devices (phone TEXT PRIMARY KEY, airplane_mode INTEGER NOT NULL, mobile_data INTEGER NOT NULL, data_roaming INTEGER NOT NULL, abroad INTEGER NOT NULL, signal_bars INTEGER NOT NULL);
`;

/** Price of one GB of top-up data. */
export const topUpPricePerGb = 5;

/** A line row. */
export interface LineRow {
  phone: string;
  customer_id: string;
  plan_id: string;
  status: string;
  roaming_enabled: number;
  data_used_gb: number;
  top_up_gb: number;
}
/** A plan row. */
export interface PlanRow {
  plan_id: string;
  name: string;
  monthly_fee: number;
  data_gb: number;
}
/** A bill row. */
export interface BillRow {
  bill_id: string;
  customer_id: string;
  period: string;
  amount: number;
  status: string;
}
/** A device row. */
export interface DeviceRow {
  phone: string;
  airplane_mode: number;
  mobile_data: number;
  data_roaming: number;
  abroad: number;
  signal_bars: number;
}

function line(db: Db, phone: string): LineRow {
  const found = row<LineRow>(db, "SELECT * FROM lines WHERE phone = ?", phone);
  ensure(found, `no line with number ${phone}`);
  return found;
}

function activeLine(db: Db, phone: string): LineRow {
  const found = line(db, phone);
  ensure(found.status === "active", `line ${phone} is ${found.status}`);
  return found;
}

/** Whether the line can use data at all (network side). */
function dataLeft(db: Db, found: LineRow): boolean {
  const plan = row<PlanRow>(db, "SELECT * FROM plans WHERE plan_id = ?", found.plan_id);
  return found.data_used_gb < (plan?.data_gb ?? 0) + found.top_up_gb;
}

/** The agent's tools. */
export const telecomTools: PolicyToolSpec[] = [
  {
    name: "verify_customer",
    description:
      "Verify a customer by phone number and date of birth (YYYY-MM-DD); returns their customer id.",
    properties: { phone: text("Phone number, e.g. 555-0142"), date_of_birth: text("YYYY-MM-DD") },
    write: false,
    run(db, { phone, date_of_birth }: { phone: string; date_of_birth: string }) {
      const found = row<{ customer_id: string; date_of_birth: string }>(
        db,
        "SELECT c.customer_id, c.date_of_birth FROM lines l JOIN customers c ON c.customer_id = l.customer_id WHERE l.phone = ?",
        phone.trim(),
      );
      ensure(
        found && found.date_of_birth === date_of_birth.trim(),
        "no customer matches that phone number and date of birth",
      );
      return found.customer_id;
    },
  },
  {
    name: "get_line_details",
    description:
      "A line's plan, status, whether roaming is enabled, data used and data allowance (plan + top-ups).",
    properties: { phone: text("Phone number") },
    write: false,
    run(db, { phone }: { phone: string }) {
      const found = line(db, phone);
      const plan = row<PlanRow>(db, "SELECT * FROM plans WHERE plan_id = ?", found.plan_id);
      return { ...found, plan, data_allowance_gb: (plan?.data_gb ?? 0) + found.top_up_gb };
    },
  },
  {
    name: "get_bills",
    description: "A customer's bills, newest first: period, amount and status (paid, unpaid, overdue).",
    properties: { customer_id: text("Customer id") },
    write: false,
    run(db, { customer_id }: { customer_id: string }) {
      return rows<BillRow>(db, "SELECT * FROM bills WHERE customer_id = ? ORDER BY period DESC", customer_id);
    },
  },
  {
    name: "list_plans",
    description: "Every plan: id, name, monthly fee and data per month.",
    properties: {},
    write: false,
    run(db) {
      return rows<PlanRow>(db, "SELECT * FROM plans ORDER BY monthly_fee");
    },
  },
  {
    name: "change_plan",
    description: "Move an active line to another plan.",
    properties: { phone: text("Phone number"), plan_id: text("The new plan's id") },
    write: true,
    run(db, { phone, plan_id }: { phone: string; plan_id: string }) {
      const found = activeLine(db, phone);
      const plan = row<PlanRow>(db, "SELECT * FROM plans WHERE plan_id = ?", plan_id);
      ensure(plan, `no plan ${plan_id}`);
      ensure(found.plan_id !== plan_id, `the line is already on ${plan.name}`);
      db.prepare("UPDATE lines SET plan_id = ? WHERE phone = ?").run(plan_id, phone);
      return { phone, plan: plan.name, monthly_fee: plan.monthly_fee };
    },
  },
  {
    name: "enable_roaming",
    description:
      "Enable roaming on an active line (network side; the phone's own data roaming setting is separate).",
    properties: { phone: text("Phone number") },
    write: true,
    run(db, { phone }: { phone: string }) {
      const found = activeLine(db, phone);
      ensure(found.roaming_enabled === 0, "roaming is already enabled on this line");
      db.prepare("UPDATE lines SET roaming_enabled = 1 WHERE phone = ?").run(phone);
      return { phone, roaming_enabled: true };
    },
  },
  {
    name: "add_data_top_up",
    description: `Add data to an active line for this month, at $${topUpPricePerGb.toFixed(2)} per GB charged to the next bill.`,
    properties: { phone: text("Phone number"), gb: number("Gigabytes to add") },
    write: true,
    run(db, { phone, gb }: { phone: string; gb: number }) {
      activeLine(db, phone);
      ensure(Number.isFinite(gb) && gb > 0, "gb must be positive");
      const amount = cents(gb * topUpPricePerGb);
      db.prepare("UPDATE lines SET top_up_gb = top_up_gb + ? WHERE phone = ?").run(gb, phone);
      db.prepare("INSERT INTO charges (phone, amount, description) VALUES (?, ?, ?)").run(
        phone,
        amount,
        `data top-up ${gb} GB`,
      );
      return { phone, added_gb: gb, charged: amount };
    },
  },
  {
    name: "pay_bill",
    description: "Pay an unpaid or overdue bill with the card on file.",
    properties: { bill_id: text("Bill id") },
    write: true,
    run(db, { bill_id }: { bill_id: string }) {
      const bill = row<BillRow>(db, "SELECT * FROM bills WHERE bill_id = ?", bill_id);
      ensure(bill, `no bill ${bill_id}`);
      ensure(bill.status !== "paid", `bill ${bill_id} is already paid`);
      db.prepare("UPDATE bills SET status = 'paid' WHERE bill_id = ?").run(bill_id);
      return { bill_id, paid: bill.amount };
    },
  },
  {
    name: "resume_line",
    description: "Resume a suspended line.",
    properties: { phone: text("Phone number") },
    write: true,
    run(db, { phone }: { phone: string }) {
      const found = line(db, phone);
      ensure(found.status === "suspended", `line ${phone} is ${found.status}, not suspended`);
      db.prepare("UPDATE lines SET status = 'active' WHERE phone = ?").run(phone);
      return { phone, status: "active" };
    },
  },
];

function device(db: Db, owner: string | undefined): DeviceRow {
  const found = row<DeviceRow>(db, "SELECT * FROM devices WHERE phone = ?", owner ?? "");
  ensure(found, "this phone has no SIM card");
  return found;
}

/** What the status bar shows. */
export function statusBar(db: Db, owner: string | undefined): string {
  const phone = device(db, owner);
  if (phone.airplane_mode === 1)
    return "Airplane mode: on | Signal: none | Mobile data: unavailable | Internet: not working";
  const found = line(db, phone.phone);
  const network =
    found.status === "active" &&
    dataLeft(db, found) &&
    (phone.abroad === 0 || (phone.data_roaming === 1 && found.roaming_enabled === 1));
  const working = phone.mobile_data === 1 && network;
  return [
    "Airplane mode: off",
    found.status === "active"
      ? `Signal: ${phone.signal_bars} bars${phone.abroad === 1 ? " (roaming network)" : ""}`
      : "Signal: SOS only",
    `Mobile data: ${phone.mobile_data === 1 ? "on" : "off"}`,
    `Data roaming: ${phone.data_roaming === 1 ? "on" : "off"}`,
    `Internet: ${working ? "working" : "not working"}`,
  ].join(" | ");
}

function setting(name: string, column: string, label: string): PolicyToolSpec {
  return {
    name,
    description: `Turn ${label} on or off on your phone.`,
    properties: { enabled: { type: "boolean", description: `true to turn ${label} on` } },
    write: true,
    run(db, { enabled }: { enabled: boolean }, owner) {
      device(db, owner);
      db.prepare(`UPDATE devices SET ${column} = ? WHERE phone = ?`).run(enabled ? 1 : 0, owner);
      return `${label} is now ${enabled ? "on" : "off"}`;
    },
  };
}

/** The user's own tools, on their phone. */
export const phoneTools: PolicyToolSpec[] = [
  {
    name: "check_status_bar",
    description:
      "Look at your phone's status bar: airplane mode, signal, mobile data, data roaming, and whether the internet works.",
    properties: {},
    write: false,
    run: (db, _args, owner) => statusBar(db, owner),
  },
  setting("set_airplane_mode", "airplane_mode", "airplane mode"),
  setting("set_mobile_data", "mobile_data", "mobile data"),
  setting("set_data_roaming", "data_roaming", "data roaming"),
];
