/**
 * `TradingBot`'s orders: `get_order_details` (with metadata in long context), `cancel_order`,
 * `place_order` (a buy checks the balance; the order id is the counter) and `get_order_history`.
 */
import { errorResult } from "../error-result.js";
import { longContextValue } from "../long-context.js";
import { PyDict, type PyObj, pyTruthy } from "../py-object.js";
import { formatFixed, pyAdd, pyCompare, pyFloat, pyInt, pyMul } from "../py-ops.js";
import { pyReprOf, pyStrOf } from "../py-render.js";
import { strSelf } from "../py-str.js";
import type { TradingState } from "./state.js";

/** `get_order_details`. */
export function orderDetails(self: TradingState, id: PyObj): PyObj {
  if (!self.orders.has(id))
    return errorResult(
      `Order with ID ${pyStrOf(id)} not found.Here is the list of orders_id: ${pyReprOf(self.orders.keys())}`,
    );
  const order = self.orders.get(id) as PyDict;
  if (!self.longContext) return order;
  const copy = order.copy();
  const symbol = pyStrOf(copy.get("symbol") as PyObj);
  const extension = longContextValue(self.context, "ORDER_DETAIL_EXTENSION") as PyDict;
  copy.set(
    "metadata",
    new PyDict(
      extension.entries().map(([key, text]) => [key, (text as string).replaceAll("{symbol}", symbol)]),
    ),
  );
  return copy;
}

/** `cancel_order`: a completed order cannot be cancelled. */
export function cancelOrder(self: TradingState, id: PyObj): PyObj {
  if (!self.orders.has(id)) return errorResult(`Order with ID ${pyStrOf(id)} not found.`);
  const order = self.orders.get(id) as PyDict;
  if (order.get("status") === "Completed")
    return errorResult(`Can't cancel order ${pyStrOf(id)}. Order is already completed.`);
  order.set("status", "Cancelled");
  return new PyDict([
    ["order_id", id],
    ["status", "Cancelled"],
  ]);
}

/** `place_order`: a new open order under the order counter. */
export function placeOrder(
  self: TradingState,
  type: PyObj,
  symbol: PyObj,
  priceArg: PyObj,
  amount: PyObj,
): PyObj {
  if (!pyTruthy(self.authenticated))
    return errorResult("User not authenticated. Please log in to place an order.");
  if (!self.stocks.has(symbol)) return errorResult(`Invalid stock symbol: ${pyStrOf(symbol)}`);
  if (pyCompare("<=", priceArg, 0n) || pyCompare("<=", amount, 0n))
    return errorResult("Price and amount must be positive values.");
  if (strSelf(type, "lower").toLowerCase() === "buy") {
    const total = pyMul(pyFloat(priceArg), pyInt(amount)) as number;
    const balance = self.accountInfo.has("balance") ? (self.accountInfo.get("balance") as PyObj) : 0n;
    if (pyCompare(">", total, balance)) {
      const balanceText = formatFixed(typeof balance === "bigint" ? Number(balance) : (balance as number), 2);
      return errorResult(
        `Insufficient funds: required $${formatFixed(total, 2)} but only $${balanceText} available.`,
      );
    }
  }
  const price = pyFloat(priceArg);
  const id = self.orderCounter;
  self.orders.set(
    id,
    new PyDict([
      ["id", id],
      ["order_type", type],
      ["symbol", symbol],
      ["price", price],
      ["amount", amount],
      ["status", "Open"],
    ]),
  );
  self.orderCounter = pyAdd(self.orderCounter, 1n);
  return new PyDict([
    ["order_id", id],
    ["order_type", type],
    ["status", "Pending"],
    ["price", price],
    ["amount", amount],
  ]);
}

/** `get_order_history`: the order ids. */
export function orderHistory(self: TradingState): PyObj {
  if (!pyTruthy(self.authenticated))
    return [new PyDict([["error", "User not authenticated. Please log in to view order history."]])];
  return new PyDict([["history", self.orders.keys()]]);
}
