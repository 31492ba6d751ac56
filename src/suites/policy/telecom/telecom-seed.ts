/**
 * The telecom domain's seeded database: four plans, 64 customers with one line and one phone
 * each, two months of bills, and the line and phone in one of eight states (airplane mode on,
 * mobile data off, abroad without roaming, data used up, suspended for an overdue bill, or fine).
 */
import type { Db } from "../policy-database.js";
import { firstNames, lastNames, SeededRandom } from "../seeded-random.js";

/** The plans: id, name, monthly fee, GB per month. */
export const telecomPlans: [string, string, number, number][] = [
  ["basic-5", "Basic 5 GB", 25, 5],
  ["standard-15", "Standard 15 GB", 40, 15],
  ["plus-50", "Plus 50 GB", 55, 50],
  ["travel-20", "Travel 20 GB", 60, 20],
];

/** A customer's state, by their position modulo 8. */
export const lineStates = [
  "airplane",
  "data-off",
  "abroad",
  "data-used",
  "fine",
  "suspended",
  "fine",
  "data-used",
] as const;

/** Number of seeded customers. */
export const telecomCustomerCount = 64;

/** Inserts the seeded rows. */
export function seedTelecom(db: Db): void {
  const random = new SeededRandom(5_550_100);
  const insertPlan = db.prepare("INSERT INTO plans VALUES (?, ?, ?, ?)");
  for (const plan of telecomPlans) insertPlan.run(...plan);
  const insertCustomer = db.prepare("INSERT INTO customers VALUES (?, ?, ?)");
  const insertLine = db.prepare("INSERT INTO lines VALUES (?, ?, ?, ?, ?, ?, 0)");
  const insertBill = db.prepare("INSERT INTO bills VALUES (?, ?, ?, ?, ?)");
  const insertDevice = db.prepare("INSERT INTO devices VALUES (?, ?, ?, ?, ?, ?)");
  for (let index = 0; index < telecomCustomerCount; index += 1) {
    const state = lineStates[index % lineStates.length];
    const customerId = `C${String(7000 + index * 13)}`;
    const name = `${firstNames[(index * 7) % firstNames.length]} ${random.pick(lastNames)}`;
    const born = `19${random.int(55, 99)}-${String(random.int(1, 12)).padStart(2, "0")}-${String(random.int(1, 28)).padStart(2, "0")}`;
    insertCustomer.run(customerId, name, born);
    const phone = `555-${String(1000 + index * 17 + random.int(0, 9))}`;
    const plan = telecomPlans[random.int(0, telecomPlans.length - 1)] ?? telecomPlans[0];
    const [planId, , , gb] = plan as [string, string, number, number];
    const used = state === "data-used" ? gb : Math.round(random.next() * gb * 0.8 * 10) / 10;
    insertLine.run(
      phone,
      customerId,
      planId,
      state === "suspended" ? "suspended" : "active",
      state === "abroad" ? 0 : random.int(0, 1),
      used,
    );
    insertBill.run(`B${customerId}-03`, customerId, "2026-03", random.int(2500, 12000) / 100, "paid");
    insertBill.run(
      `B${customerId}-04`,
      customerId,
      "2026-04",
      random.int(2500, 12000) / 100,
      state === "suspended" ? "overdue" : "unpaid",
    );
    insertDevice.run(
      phone,
      state === "airplane" ? 1 : 0,
      state === "data-off" ? 0 : 1,
      state === "abroad" ? 0 : random.int(0, 1),
      state === "abroad" ? 1 : 0,
      random.int(2, 4),
    );
  }
}
