/**
 * BFCL's `TradingBot`: stocks, orders, an account, a watch list and a transaction history.
 * Transaction timestamps are `randint` draws from `random.Random(random_seed)` (default 1053520)
 * between 2024-09-01 10:30 and a day later, as local-time epoch seconds, printed in local time:
 * the same machine time zone gives the same text as the Python class. This file holds the class
 * and its method table; the state and the methods' bodies are in trading-bot/.
 */
import { type ApiMethod, type MultiTurnApi, methodTable, params } from "./api-class.js";
import { PyDict, pyTruthy } from "./py-object.js";
import { accountInfoResult, fund, history, login, logout, withdraw } from "./trading-bot/account.js";
import { availableStocks, filterByPrice, notify, stockInfo, symbolByName } from "./trading-bot/market.js";
import { cancelOrder, orderDetails, orderHistory, placeOrder } from "./trading-bot/orders.js";
import { TradingState } from "./trading-bot/state.js";
import { unwatch, watch, watchlist } from "./trading-bot/watch-list.js";

/** The trading bot. */
export class TradingBot extends TradingState implements MultiTurnApi {
  private static readonly table = methodTable<TradingBot>([
    ["get_current_time", params(), (_self) => new PyDict([["current_time", "10:30 AM"]])],
    ["get_symbol_by_name", params("name"), (_self, [name]) => symbolByName(name!)],
    ["get_stock_info", params("symbol"), (self, [symbol]) => stockInfo(self, symbol!)],
    ["get_order_details", params("order_id"), (self, [id]) => orderDetails(self, id!)],
    ["cancel_order", params("order_id"), (self, [id]) => cancelOrder(self, id!)],
    [
      "place_order",
      params("order_type", "symbol", "price", "amount"),
      (self, [t, s, p, a]) => placeOrder(self, t!, s!, p!, a!),
    ],
    ["withdraw_funds", params("amount"), (self, [amount]) => withdraw(self, amount!)],
    ["get_account_info", params(), (self) => accountInfoResult(self)],
    ["trading_login", params("username", "password"), (self) => login(self)],
    ["trading_get_login_status", params(), (self) => new PyDict([["status", pyTruthy(self.authenticated)]])],
    ["trading_logout", params(), (self) => logout(self)],
    ["fund_account", params("amount"), (self, [amount]) => fund(self, amount!)],
    ["remove_stock_from_watchlist", params("symbol"), (self, [symbol]) => unwatch(self, symbol!)],
    ["get_watchlist", params(), (self) => watchlist(self)],
    ["get_order_history", params(), (self) => orderHistory(self)],
    [
      "get_transaction_history",
      params(["start_date", null], ["end_date", null]),
      (self, [a, b]) => history(self, a!, b!),
    ],
    ["get_available_stocks", params("sector"), (self, [sector]) => availableStocks(self, sector!)],
    [
      "filter_stocks_by_price",
      params("stocks", "min_price", "max_price"),
      (self, [s, a, b]) => filterByPrice(self, s!, a!, b!),
    ],
    ["add_to_watchlist", params("stock"), (self, [stock]) => watch(self, stock!)],
    ["notify_price_change", params("stocks", "threshold"), (self, [s, t]) => notify(self, s!, t!)],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<TradingBot>> {
    return TradingBot.table;
  }

  readonly className = "TradingBot";
}
