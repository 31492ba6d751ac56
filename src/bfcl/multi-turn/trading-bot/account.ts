/**
 * `TradingBot`'s account: `trading_login` / `trading_logout`, `get_account_info`,
 * `fund_account` and `withdraw_funds` (each recorded in the transaction history with a random
 * timestamp) and `get_transaction_history` (filtered by date).
 */
import { errorResult } from "../error-result.js";
import { longContextValue } from "../long-context.js";
import { PyDict, type PyObj, pyError, pyTruthy } from "../py-object.js";
import { pyAdd, pyCompare, pySub } from "../py-ops.js";
import { parseDate } from "../python-date.js";
import type { TradingState } from "./state.js";

const currentTime = new Date(2024, 8, 1, 10, 30);

function two(value: number): string {
  return String(value).padStart(2, "0");
}

/** A transaction timestamp: a random second in the day from 2024-09-01 10:30, in local time. */
function timestamp(self: TradingState): string {
  const start = BigInt(Math.floor(currentTime.getTime() / 1000));
  const end = start + 86400n;
  const date = new Date(Number(self.random.randint(start, end)) * 1000);
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** `account_info["balance"]`: KeyError when absent. */
function balance(self: TradingState): PyObj {
  if (!self.accountInfo.has("balance")) throw pyError("KeyError", "'balance'");
  return self.accountInfo.get("balance") as PyObj;
}

/** `get_account_info`. */
export function accountInfoResult(self: TradingState): PyObj {
  if (!pyTruthy(self.authenticated))
    return errorResult("User not authenticated. Please log in to view account information.");
  return self.accountInfo;
}

/** `trading_login`. */
export function login(self: TradingState): PyObj {
  if (pyTruthy(self.authenticated)) return new PyDict([["status", "Already logged in"]]);
  self.authenticated = true;
  return new PyDict([["status", "Logged in successfully"]]);
}

/** `trading_logout`. */
export function logout(self: TradingState): PyObj {
  if (!pyTruthy(self.authenticated)) return new PyDict([["status", "No user is currently logged in"]]);
  self.authenticated = false;
  return new PyDict([["status", "Logged out successfully"]]);
}

/** `fund_account`. */
export function fund(self: TradingState, amount: PyObj): PyObj {
  if (!pyTruthy(self.authenticated))
    return errorResult("User not authenticated. Please log in to fund the account.");
  if (pyCompare("<=", amount, 0n)) return errorResult("Funding amount must be positive.");
  self.accountInfo.set("balance", pyAdd(balance(self), amount));
  self.transactionHistory.push(
    new PyDict([
      ["type", "deposit"],
      ["amount", amount],
      ["timestamp", timestamp(self)],
    ]),
  );
  return new PyDict([
    ["status", "Account funded successfully"],
    ["new_balance", balance(self)],
  ]);
}

/** `withdraw_funds`: only while the market is open. */
export function withdraw(self: TradingState, amount: PyObj): PyObj {
  if (!pyTruthy(self.authenticated))
    return errorResult("User not authenticated. Please log in to make a transaction.");
  if (self.marketStatus !== "Open") return errorResult("Market is closed. Transactions are not allowed.");
  if (pyCompare("<=", amount, 0n)) return errorResult("Transaction amount must be positive.");
  if (pyCompare(">", amount, balance(self))) return errorResult("Insufficient funds for withdrawal.");
  self.accountInfo.set("balance", pySub(balance(self), amount));
  self.transactionHistory.push(
    new PyDict([
      ["type", "withdrawal"],
      ["amount", amount],
      ["timestamp", timestamp(self)],
    ]),
  );
  return new PyDict([
    ["status", "Withdrawal successful"],
    ["new_balance", balance(self)],
  ]);
}

/** `get_transaction_history`: transactions between the dates (both optional). */
export function history(self: TradingState, startDate: PyObj, endDate: PyObj): PyObj {
  if (!pyTruthy(self.authenticated))
    return [new PyDict([["error", "User not authenticated. Please log in to view transaction history."]])];
  const start = pyTruthy(startDate) ? parseDate(startDate, "%Y-%m-%d") : "";
  const end = pyTruthy(endDate) ? parseDate(endDate, "%Y-%m-%d") : "\uffff";
  const filtered = self.transactionHistory.filter((transaction) => {
    const when = parseDate((transaction as PyDict).get("timestamp") as PyObj, "%Y-%m-%d %H:%M:%S");
    return start <= when && when <= end;
  });
  if (self.longContext)
    filtered.push(...(longContextValue(self.context, "TRANSACTION_HISTORY_EXTENSION") as PyObj[]));
  return new PyDict([["transaction_history", filtered]]);
}
