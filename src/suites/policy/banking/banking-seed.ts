/**
 * The banking domain's seeded database: 56 customers (every fourth premium), each with a checking
 * and a savings account, a debit card on the checking account, and four card transactions (three
 * in the last 60 days, one older), drawn from a fixed seed.
 */
import type { Db } from "../policy-database.js";
import { firstNames, lastNames, SeededRandom } from "../seeded-random.js";

/** Number of seeded customers. */
export const bankingCustomerCount = 56;

const merchants = [
  "Corner Grocery",
  "City Fuel",
  "StreamFlix",
  "Metro Transit",
  "Book Nook",
  "Pixel Electronics",
  "Cafe Lume",
  "Sky Air",
] as const;

/** Inserts the seeded rows. */
export function seedBanking(db: Db): void {
  const random = new SeededRandom(31_415);
  const insertCustomer = db.prepare("INSERT INTO customers VALUES (?, ?, ?, ?)");
  const insertAccount = db.prepare("INSERT INTO accounts VALUES (?, ?, ?, ?)");
  const insertCard = db.prepare("INSERT INTO cards VALUES (?, ?, ?, ?, 'active', NULL)");
  const insertTransaction = db.prepare("INSERT INTO transactions VALUES (?, ?, ?, ?, ?)");
  for (let index = 0; index < bankingCustomerCount; index += 1) {
    const customerId = `K${String(30_000 + index * 41)}`;
    const name = `${firstNames[(index * 11) % firstNames.length]} ${random.pick(lastNames)}`;
    const born = `19${random.int(50, 99)}-${String(random.int(1, 12)).padStart(2, "0")}-${String(random.int(1, 28)).padStart(2, "0")}`;
    insertCustomer.run(customerId, name, born, index % 4 === 3 ? "premium" : "standard");
    const checking = `CHK-${random.digits(6)}`;
    const savings = `SAV-${random.digits(6)}`;
    insertAccount.run(checking, customerId, "checking", random.int(80_000, 900_000) / 100);
    insertAccount.run(savings, customerId, "savings", random.int(350_000, 2_000_000) / 100);
    const cardId = `card-${random.digits(6)}`;
    insertCard.run(cardId, customerId, checking, random.digits(4));
    const dates = [
      `2026-05-${String(random.int(1, 12)).padStart(2, "0")}`,
      `2026-04-${String(random.int(10, 28)).padStart(2, "0")}`,
      `2026-04-${String(random.int(1, 9)).padStart(2, "0")}`,
      `2026-0${random.int(1, 2)}-${String(random.int(1, 28)).padStart(2, "0")}`,
    ];
    dates.forEach((date, position) => {
      insertTransaction.run(
        `T${customerId.slice(1)}${position}`,
        cardId,
        date,
        merchants[(index + position * 3) % merchants.length],
        random.int(500, 40_000) / 100,
      );
    });
  }
}
