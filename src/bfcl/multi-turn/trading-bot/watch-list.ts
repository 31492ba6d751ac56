/**
 * `TradingBot`'s watch list: `add_to_watchlist` (known stocks, once each),
 * `remove_stock_from_watchlist` and `get_watchlist` (extended in long context).
 */
import { errorResult } from "../error-result.js";
import { longContextValue } from "../long-context.js";
import { PyDict, type PyObj, pyContains, pyTruthy } from "../py-object.js";
import { pyStrOf } from "../py-render.js";
import type { TradingState } from "./state.js";

/** `add_to_watchlist`. */
export function watch(self: TradingState, stock: PyObj): PyObj {
  if (!pyContains(self.watchList, stock) && self.stocks.has(stock)) self.watchList.push(stock);
  return new PyDict([["watchlist", self.watchList]]);
}

/** `remove_stock_from_watchlist`. */
export function unwatch(self: TradingState, symbol: PyObj): PyObj {
  if (!pyTruthy(self.authenticated))
    return errorResult("User not authenticated. Please log in to modify the watchlist.");
  if (!pyContains(self.watchList, symbol))
    return errorResult(`Stock ${pyStrOf(symbol)} not found in watchlist.`);
  self.watchList.splice(
    self.watchList.findIndex((item) => pyContains([item], symbol)),
    1,
  );
  return new PyDict([["status", `Stock ${pyStrOf(symbol)} removed from watchlist successfully.`]]);
}

/** `get_watchlist`. */
export function watchlist(self: TradingState): PyObj {
  if (!pyTruthy(self.authenticated))
    return ["Error: User not authenticated. Please log in to view the watchlist."];
  if (self.longContext)
    return [...self.watchList, ...(longContextValue(self.context, "WATCH_LIST_EXTENSION") as PyObj[])];
  return new PyDict([["watchlist", self.watchList]]);
}
