/**
 * The retail domain's seeded database: 90 users with one to three payment methods (credit cards,
 * gift cards, PayPal), eight products with variants (some unavailable), and one or two orders
 * each in every status, drawn from a fixed seed.
 */
import type { Db } from "../policy-database.js";
import { addressOf, firstNames, lastNames, SeededRandom } from "../seeded-random.js";

/** Products and their option sets (each option set is one variant). */
const catalog: [string, string[]][] = [
  ["T-Shirt", ["size S, blue", "size M, blue", "size L, blue", "size M, black"]],
  ["Running Shoes", ["size 9, grey", "size 10, grey", "size 10, white", "size 11, white"]],
  ["Desk Lamp", ["white, LED", "black, LED", "brass, halogen"]],
  ["Backpack", ["20 L, green", "30 L, green", "30 L, black"]],
  ["Water Bottle", ["500 ml, steel", "750 ml, steel", "750 ml, blue"]],
  ["Headphones", ["wired, black", "wireless, black", "wireless, white"]],
  ["Office Chair", ["mesh, black", "leather, brown"]],
  ["Coffee Grinder", ["manual", "electric, 150 W", "electric, 200 W"]],
];

/** Number of seeded users. */
export const retailUserCount = 90;

const primaryStatus = ["pending", "delivered", "pending", "delivered", "processed"] as const;
const cardBrands = ["Visa", "Mastercard", "Amex", "Discover"] as const;

/** Inserts the seeded rows. */
export function seedRetail(db: Db): void {
  const random = new SeededRandom(20_260_515);
  const insertProduct = db.prepare("INSERT INTO products VALUES (?, ?)");
  const insertVariant = db.prepare("INSERT INTO variants VALUES (?, ?, ?, ?, ?)");
  const variantsByProduct: { itemId: string; price: number }[][] = [];
  catalog.forEach(([name, options], index) => {
    const productId = `P${1000 + index * 37}`;
    insertProduct.run(productId, name);
    const base = random.int(15, 400);
    const variants = options.map((option, position) => {
      const itemId = random.digits(10);
      const price = Math.round((base + random.next() * 40) * 100) / 100;
      // The last variant of every other product is sold out.
      const available = position === options.length - 1 && index % 2 === 1 ? 0 : 1;
      insertVariant.run(itemId, productId, option, price, available);
      return { itemId, price };
    });
    variantsByProduct.push(variants);
  });
  const insertUser = db.prepare("INSERT INTO users VALUES (?, ?, ?, ?, ?, ?)");
  const insertPayment = db.prepare("INSERT INTO payment_methods VALUES (?, ?, ?, ?, ?)");
  const insertOrder = db.prepare("INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?, NULL)");
  const insertItem = db.prepare("INSERT INTO order_items VALUES (?, ?, ?, ?, 'ordered', NULL)");
  const used = new Set<string>();
  const unique = (make: () => string): string => {
    for (;;) {
      const value = make();
      if (!used.has(value)) {
        used.add(value);
        return value;
      }
    }
  };
  for (let index = 0; index < retailUserCount; index += 1) {
    const first = firstNames[index % firstNames.length] as string;
    const last = random.pick(lastNames);
    const userId = unique(() => `${first}_${last}_${random.digits(4)}`.toLowerCase());
    const { address, zip } = addressOf(random);
    insertUser.run(
      userId,
      first,
      last,
      `${first}.${last}${random.int(10, 99)}@example.com`.toLowerCase(),
      zip,
      address,
    );
    const card = unique(() => `credit_card_${random.digits(7)}`);
    insertPayment.run(
      card,
      userId,
      "credit_card",
      `${random.pick(cardBrands)} ending in ${random.digits(4)}`,
      null,
    );
    if (index % 3 === 0)
      insertPayment.run(
        unique(() => `gift_card_${random.digits(7)}`),
        userId,
        "gift_card",
        "gift card",
        random.int(0, 300),
      );
    if (index % 4 === 1)
      insertPayment.run(
        unique(() => `credit_card_${random.digits(7)}`),
        userId,
        "credit_card",
        `${random.pick(cardBrands)} ending in ${random.digits(4)}`,
        null,
      );
    if (index % 5 === 2)
      insertPayment.run(
        unique(() => `paypal_${random.digits(7)}`),
        userId,
        "paypal",
        "PayPal",
        null,
      );
    const statuses: string[] = [primaryStatus[index % primaryStatus.length] as string];
    if (index % 3 === 0) statuses.push(random.pick(["cancelled", "delivered", "pending"]));
    for (const status of statuses) {
      const orderId = unique(() => `#W${random.digits(7)}`);
      const tracking = status === "processed" || status === "delivered" ? random.digits(12) : null;
      insertOrder.run(orderId, userId, status, address, card, tracking);
      const count = random.int(1, 3);
      const products = new Set<number>();
      while (products.size < count) products.add(random.int(0, catalog.length - 1));
      for (const product of [...products].sort((a, b) => a - b)) {
        const variants = variantsByProduct[product] ?? [];
        const variant = variants[random.int(0, variants.length - 1)] ?? { itemId: "", price: 0 };
        insertItem.run(orderId, variant.itemId, `P${1000 + product * 37}`, variant.price);
      }
    }
  }
}
