/**
 * `TradingBot`'s default state: the attributes `_load_scenario` falls back to for keys the
 * scenario leaves out (two orders, an account, a closed market, eleven stocks, a watch list).
 */
import { PyDict } from "../py-object.js";

const stockRows: Array<[string, number, number, number, number, number]> = [
  ["AAPL", 227.16, 0.17, 2.552, 227.11, 227.09],
  ["GOOG", 2840.34, 0.24, 1.123, 2835.67, 2842.15],
  ["TSLA", 667.92, -0.12, 1.654, 671.15, 668.2],
  ["MSFT", 310.23, 0.09, 3.234, 309.88, 310.11],
  ["NVDA", 220.34, 0.34, 1.234, 220.45, 220.67],
  ["ALPH", 1320.45, -0.08, 1.567, 1321.12, 1325.78],
  ["OMEG", 457.23, 0.12, 2.345, 456.78, 458.12],
  ["QUAS", 725.89, -0.03, 1.789, 726.45, 728.0],
  ["NEPT", 88.34, 0.19, 0.654, 88.21, 88.67],
  ["SYNX", 345.67, 0.11, 2.112, 345.34, 346.12],
  ["ZETA", 22.09, -0.05, 0.789, 22.12, 22.34],
];

/** A fresh copy of BFCL's `DEFAULT_STATE`. */
export function defaultState(): PyDict {
  const order = (
    id: bigint,
    type: string,
    symbol: string,
    price: number,
    amount: bigint,
    status: string,
  ): PyDict =>
    new PyDict([
      ["id", id],
      ["order_type", type],
      ["symbol", symbol],
      ["price", price],
      ["amount", amount],
      ["status", status],
    ]);
  return new PyDict([
    [
      "orders",
      new PyDict([
        [12345n, order(12345n, "Buy", "AAPL", 210.65, 10n, "Completed")],
        [12446n, order(12446n, "Sell", "GOOG", 2840.56, 5n, "Pending")],
      ]),
    ],
    [
      "account_info",
      new PyDict([
        ["account_id", 12345n],
        ["balance", 10000.0],
        ["binding_card", 1974202140965533n],
      ]),
    ],
    ["authenticated", false],
    ["market_status", "Closed"],
    ["order_counter", 12446n],
    [
      "stocks",
      new PyDict(
        stockRows.map(([symbol, price, change, volume, ma5, ma20]) => [
          symbol,
          new PyDict([
            ["price", price],
            ["percent_change", change],
            ["volume", volume],
            ["MA(5)", ma5],
            ["MA(20)", ma20],
          ]),
        ]),
      ),
    ],
    ["watch_list", ["NVDA"]],
    ["transaction_history", []],
  ]);
}
