/**
 * `TradingBot`'s market data: `get_symbol_by_name` (BFCL's company table), `get_stock_info`
 * (moving averages replaced in long context), `get_available_stocks` by sector,
 * `filter_stocks_by_price` and `notify_price_change`.
 */
import { errorResult } from "../error-result.js";
import { longContextValue } from "../long-context.js";
import { PyDict, type PyObj } from "../py-object.js";
import { pyAbs, pyCompare } from "../py-ops.js";
import { pyStrOf } from "../py-render.js";
import { strSelf } from "../py-str.js";
import type { TradingState } from "./state.js";

/** BFCL's company names and their symbols (`get_symbol_by_name`). */
const symbols: Record<string, string> = {
  Apple: "AAPL",
  Google: "GOOG",
  Tesla: "TSLA",
  Microsoft: "MSFT",
  Nvidia: "NVDA",
  "Zeta Corp": "ZETA",
  "Alpha Tech": "ALPH",
  "Omega Industries": "OMEG",
  "Quasar Ltd.": "QUAS",
  "Neptune Systems": "NEPT",
  "Synex Solutions": "SYNX",
  Amazon: "AMZN",
  Gorilla: "GORI",
};

/** `get_symbol_by_name`. */
export function symbolByName(name: PyObj): PyObj {
  const symbol = typeof name === "string" && Object.hasOwn(symbols, name) ? symbols[name] : undefined;
  return new PyDict([["symbol", symbol ?? "Stock not found"]]);
}

/** `get_stock_info`. */
export function stockInfo(self: TradingState, symbol: PyObj): PyObj {
  if (!self.stocks.has(symbol)) return errorResult(`Stock with symbol '${pyStrOf(symbol)}' not found.`);
  const stock = self.stocks.get(symbol) as PyDict;
  if (!self.longContext) return stock;
  const copy = stock.copy();
  copy.set("MA(5)", longContextValue(self.context, "MA_5_EXTENSION"));
  copy.set("MA(20)", longContextValue(self.context, "MA_20_EXTENSION"));
  return copy;
}

/** `get_available_stocks`: Technology and Automobile (extended in long context). */
export function availableStocks(self: TradingState, sector: PyObj): PyObj {
  const sectors = new PyDict([
    ["Technology", ["AAPL", "GOOG", "MSFT", "NVDA"]],
    ["Automobile", ["TSLA", "F", "GM"]],
  ]);
  if (self.longContext) {
    (sectors.get("Technology") as PyObj[]).push(
      ...(longContextValue(self.context, "TECHNOLOGY_EXTENSION") as PyObj[]),
    );
    (sectors.get("Automobile") as PyObj[]).push(
      ...(longContextValue(self.context, "AUTOMOBILE_EXTENSION") as PyObj[]),
    );
  }
  return new PyDict([["stock_list", sectors.has(sector) ? (sectors.get(sector) as PyObj) : []]]);
}

/** A stock's price, 0 for an unknown symbol or one without a price. */
function priceOf(self: TradingState, symbol: PyObj): PyObj {
  const stock = self.stocks.has(symbol) ? (self.stocks.get(symbol) as PyDict) : new PyDict();
  return stock.has("price") ? (stock.get("price") as PyObj) : 0n;
}

/** `filter_stocks_by_price`: the symbols priced from `min` to `max`. */
export function filterByPrice(self: TradingState, stocks: PyObj, min: PyObj, max: PyObj): PyObj {
  const list = Array.isArray(stocks) ? stocks : [...strSelf(stocks, "__iter__")];
  const filtered = list.filter(
    (symbol) => pyCompare(">=", priceOf(self, symbol), min) && pyCompare("<=", priceOf(self, symbol), max),
  );
  return new PyDict([["filtered_stocks", filtered]]);
}

/** `notify_price_change`: the stocks whose percent change reaches the threshold. */
export function notify(self: TradingState, stocks: PyObj, threshold: PyObj): PyObj {
  const list = Array.isArray(stocks) ? stocks : [...strSelf(stocks, "__iter__")];
  const changed = list.filter(
    (symbol) =>
      self.stocks.has(symbol) &&
      pyCompare(">=", pyAbs((self.stocks.get(symbol) as PyDict).get("percent_change") as PyObj), threshold),
  );
  if (changed.length > 0)
    return new PyDict([
      [
        "notification",
        `Stocks ${changed.map((s) => strSelf(s, "join")).join(", ")} have significant price changes.`,
      ],
    ]);
  return new PyDict([["notification", "No significant price changes in the selected stocks."]]);
}
