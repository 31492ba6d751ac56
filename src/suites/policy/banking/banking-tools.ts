/**
 * The banking domain's tables and the agent's tools: verification, accounts and transactions,
 * transfers (the tool checks funds; the per-transfer limit is the policy's), card freeze and
 * replacement (the fee by tier), disputes (the 60-day window is the policy's), and a search over
 * the bank's policy documents.
 */
import type { Db } from "../policy-database.js";
import { cents, ensure, number, type PolicyToolSpec, row, rows, text } from "../policy-tool.js";
import { type PolicyDocument, searchDocuments } from "./policy-documents.js";

/** The tables. */
export const bankingSchema = `
CREATE TABLE customers (customer_id TEXT PRIMARY KEY, name TEXT NOT NULL, date_of_birth TEXT NOT NULL, tier TEXT NOT NULL);
CREATE TABLE accounts (account_id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, kind TEXT NOT NULL, balance REAL NOT NULL);
CREATE TABLE cards (card_id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, account_id TEXT NOT NULL, last4 TEXT NOT NULL, status TEXT NOT NULL, replaced_by TEXT);
CREATE TABLE transactions (txn_id TEXT PRIMARY KEY, card_id TEXT NOT NULL, date TEXT NOT NULL, merchant TEXT NOT NULL, amount REAL NOT NULL);
CREATE TABLE money_transfers (seq INTEGER PRIMARY KEY AUTOINCREMENT, from_account TEXT NOT NULL, to_account TEXT NOT NULL, amount REAL NOT NULL);
CREATE TABLE disputes (txn_id TEXT PRIMARY KEY, reason TEXT NOT NULL, status TEXT NOT NULL);
CREATE TABLE fees (seq INTEGER PRIMARY KEY AUTOINCREMENT, account_id TEXT NOT NULL, amount REAL NOT NULL, description TEXT NOT NULL);
CREATE TABLE card_replacements (card_id TEXT PRIMARY KEY, reason TEXT NOT NULL);
`;

/** The replacement card fee for standard customers. */
export const replacementFee = 10;

/** A customer row. */
export interface CustomerRow {
  customer_id: string;
  name: string;
  date_of_birth: string;
  tier: string;
}
/** An account row. */
export interface AccountRow {
  account_id: string;
  customer_id: string;
  kind: string;
  balance: number;
}
/** A card row. */
export interface CardRow {
  card_id: string;
  customer_id: string;
  account_id: string;
  last4: string;
  status: string;
  replaced_by: string | null;
}
/** A transaction row. */
export interface TransactionRow {
  txn_id: string;
  card_id: string;
  date: string;
  merchant: string;
  amount: number;
}

function account(db: Db, accountId: string): AccountRow {
  const found = row<AccountRow>(db, "SELECT * FROM accounts WHERE account_id = ?", accountId);
  ensure(found, `no account ${accountId}`);
  return found;
}

function card(db: Db, cardId: string): CardRow {
  const found = row<CardRow>(db, "SELECT * FROM cards WHERE card_id = ?", cardId);
  ensure(found, `no card ${cardId}`);
  return found;
}

/** The agent's tools, searching `documents`. */
export function bankingTools(documents: readonly PolicyDocument[]): PolicyToolSpec[] {
  return [
    {
      name: "verify_customer",
      description:
        "Verify a customer by full name and date of birth (YYYY-MM-DD); returns their customer id.",
      properties: { full_name: text("Full name"), date_of_birth: text("YYYY-MM-DD") },
      write: false,
      run(db, args: { full_name: string; date_of_birth: string }) {
        const found = row<CustomerRow>(
          db,
          "SELECT * FROM customers WHERE lower(name) = lower(?) AND date_of_birth = ?",
          args.full_name.trim(),
          args.date_of_birth.trim(),
        );
        ensure(found, "no customer matches that name and date of birth");
        return found.customer_id;
      },
    },
    {
      name: "get_customer_accounts",
      description: "A customer's tier, accounts (with balances) and cards.",
      properties: { customer_id: text("Customer id") },
      write: false,
      run(db, { customer_id }: { customer_id: string }) {
        const customer = row<CustomerRow>(db, "SELECT * FROM customers WHERE customer_id = ?", customer_id);
        ensure(customer, `no customer ${customer_id}`);
        return {
          ...customer,
          accounts: rows<AccountRow>(
            db,
            "SELECT * FROM accounts WHERE customer_id = ? ORDER BY account_id",
            customer_id,
          ),
          cards: rows<CardRow>(db, "SELECT * FROM cards WHERE customer_id = ? ORDER BY card_id", customer_id),
        };
      },
    },
    {
      name: "get_card_transactions",
      description: "A card's recent transactions: id, date, merchant, amount.",
      properties: { card_id: text("Card id") },
      write: false,
      run(db, { card_id }: { card_id: string }) {
        card(db, card_id);
        return rows<TransactionRow>(
          db,
          "SELECT * FROM transactions WHERE card_id = ? ORDER BY date DESC, txn_id",
          card_id,
        );
      },
    },
    {
      name: "transfer_funds",
      description: "Move money from one account to another.",
      properties: {
        from_account_id: text("Source account"),
        to_account_id: text("Destination account"),
        amount: number("Amount in dollars"),
      },
      write: true,
      run(db, args: { from_account_id: string; to_account_id: string; amount: number }) {
        const from = account(db, args.from_account_id);
        account(db, args.to_account_id);
        ensure(args.from_account_id !== args.to_account_id, "the accounts are the same");
        ensure(Number.isFinite(args.amount) && args.amount > 0, "the amount must be positive");
        ensure(from.balance >= args.amount, `insufficient funds: the balance is ${from.balance.toFixed(2)}`);
        const amount = cents(args.amount);
        db.prepare("UPDATE accounts SET balance = round(balance - ?, 2) WHERE account_id = ?").run(
          amount,
          args.from_account_id,
        );
        db.prepare("UPDATE accounts SET balance = round(balance + ?, 2) WHERE account_id = ?").run(
          amount,
          args.to_account_id,
        );
        db.prepare("INSERT INTO money_transfers (from_account, to_account, amount) VALUES (?, ?, ?)").run(
          args.from_account_id,
          args.to_account_id,
          amount,
        );
        return { transferred: amount, from_balance: cents(from.balance - amount) };
      },
    },
    {
      name: "freeze_card",
      description: "Freeze an active card (lost or stolen).",
      properties: { card_id: text("Card id") },
      write: true,
      run(db, { card_id }: { card_id: string }) {
        const found = card(db, card_id);
        ensure(found.status === "active", `card ${card_id} is ${found.status}`);
        db.prepare("UPDATE cards SET status = 'frozen' WHERE card_id = ?").run(card_id);
        return { card_id, status: "frozen" };
      },
    },
    {
      name: "replace_card",
      description: `Replace a card; the old one stops working. Fee: $${replacementFee.toFixed(2)} for standard customers, free for premium, taken from the card's account.`,
      properties: { card_id: text("Card id"), reason: text("Why", { enum: ["damaged", "lost", "stolen"] }) },
      write: true,
      run(db, { card_id, reason }: { card_id: string; reason: string }) {
        const found = card(db, card_id);
        ensure(found.status !== "replaced", `card ${card_id} was already replaced`);
        const tier = row<CustomerRow>(
          db,
          "SELECT * FROM customers WHERE customer_id = ?",
          found.customer_id,
        )?.tier;
        const fee = tier === "premium" ? 0 : replacementFee;
        const newId = `${card_id}-R`;
        const last4 = [...found.last4].reverse().join("");
        db.prepare("UPDATE cards SET status = 'replaced', replaced_by = ? WHERE card_id = ?").run(
          newId,
          card_id,
        );
        db.prepare("INSERT INTO cards VALUES (?, ?, ?, ?, 'active', NULL)").run(
          newId,
          found.customer_id,
          found.account_id,
          last4,
        );
        // The reason is kept whatever the fee, so a replacement for the wrong reason is a wrong state.
        db.prepare("INSERT INTO card_replacements VALUES (?, ?)").run(card_id, reason);
        if (fee > 0) {
          db.prepare("UPDATE accounts SET balance = round(balance - ?, 2) WHERE account_id = ?").run(
            fee,
            found.account_id,
          );
          db.prepare("INSERT INTO fees (account_id, amount, description) VALUES (?, ?, ?)").run(
            found.account_id,
            fee,
            `card replacement (${reason})`,
          );
        }
        return { old_card: card_id, new_card: newId, last4, fee };
      },
    },
    {
      name: "open_dispute",
      description: "Open a dispute on a card transaction.",
      properties: {
        txn_id: text("Transaction id"),
        reason: text("Why", { enum: ["unrecognized", "duplicate", "not received"] }),
      },
      write: true,
      run(db, { txn_id, reason }: { txn_id: string; reason: string }) {
        const found = row<TransactionRow>(db, "SELECT * FROM transactions WHERE txn_id = ?", txn_id);
        ensure(found, `no transaction ${txn_id}`);
        ensure(
          !row(db, "SELECT 1 FROM disputes WHERE txn_id = ?", txn_id),
          `transaction ${txn_id} is already disputed`,
        );
        db.prepare("INSERT INTO disputes VALUES (?, ?, 'open')").run(txn_id, reason);
        return { txn_id, status: "open" };
      },
    },
    {
      name: "search_policy_documents",
      description:
        "Search the bank's policy documents (fees, rates, holds, delivery times, terms); returns the best matching sections.",
      properties: { query: text("What to look for, in a few words") },
      write: false,
      run(_db, { query }: { query: string }) {
        const found = searchDocuments(documents, query);
        return found.length === 0 ? "no matching documents" : found;
      },
    },
  ];
}
