/** The retail domain's tables and the row shapes its tools and templates read. */
/** The tables. */
export const retailSchema = `
CREATE TABLE users (user_id TEXT PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, zip TEXT NOT NULL, address TEXT NOT NULL);
CREATE TABLE payment_methods (payment_method_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, kind TEXT NOT NULL, label TEXT NOT NULL, balance REAL);
CREATE TABLE products (product_id TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE variants (item_id TEXT PRIMARY KEY, product_id TEXT NOT NULL, options TEXT NOT NULL, price REAL NOT NULL, available INTEGER NOT NULL);
CREATE TABLE orders (order_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, status TEXT NOT NULL, address TEXT NOT NULL, payment_method_id TEXT NOT NULL, tracking TEXT, cancel_reason TEXT);
CREATE TABLE order_items (order_id TEXT NOT NULL, item_id TEXT NOT NULL, product_id TEXT NOT NULL, price REAL NOT NULL, state TEXT NOT NULL, new_item_id TEXT, PRIMARY KEY (order_id, item_id));
CREATE TABLE refunds (seq INTEGER PRIMARY KEY AUTOINCREMENT, order_id TEXT NOT NULL, payment_method_id TEXT NOT NULL, amount REAL NOT NULL, kind TEXT NOT NULL);
`;

/** A user row. */
export interface UserRow {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  zip: string;
  address: string;
}
/** An order row. */
export interface OrderRow {
  order_id: string;
  user_id: string;
  status: string;
  address: string;
  payment_method_id: string;
  tracking: string | null;
  cancel_reason: string | null;
}
/** An order item row. */
export interface ItemRow {
  order_id: string;
  item_id: string;
  product_id: string;
  price: number;
  state: string;
  new_item_id: string | null;
}
/** A variant row. */
export interface VariantRow {
  item_id: string;
  product_id: string;
  options: string;
  price: number;
  available: number;
}
/** A payment method row. */
export interface PaymentRow {
  payment_method_id: string;
  user_id: string;
  kind: string;
  label: string;
  balance: number | null;
}
