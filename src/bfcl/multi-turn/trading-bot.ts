/**
 * BFCL's `TradingBot`: stocks, orders, an account, a watch list and a transaction history.
 * Transaction timestamps are `randint` draws from `random.Random(random_seed)` (default 1053520)
 * between 2024-09-01 10:30 and a day later, as local-time epoch seconds, printed in local time:
 * the same machine time zone gives the same text as the Python class.
 */
import { type ApiContext, type ApiMethod, type MultiTurnApi, methodTable, params } from "./api-class.js";
import { longContextValue } from "./long-context.js";
import { PyDict, type PyObj, pyContains, pyError, pyTruthy } from "./py-object.js";
import { formatFixed, pyAbs, pyAdd, pyCompare, pyFloat, pyInt, pyMul, pySub } from "./py-ops.js";
import { pyReprOf, pyStrOf } from "./py-render.js";
import { strSelf } from "./py-str.js";
import { parseDate } from "./python-date.js";
import { PythonRandom } from "./python-random.js";

const error = (text: string): PyDict => new PyDict([["error", text]]);
const currentTime = new Date(2024, 8, 1, 10, 30);

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

function defaultState(): PyDict {
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

function two(value: number): string {
  return String(value).padStart(2, "0");
}

/** The trading bot. */
export class TradingBot implements MultiTurnApi {
  private static readonly table = methodTable<TradingBot>([
    ["get_current_time", params(), (_self) => new PyDict([["current_time", "10:30 AM"]])],
    ["get_symbol_by_name", params("name"), (self, [name]) => self.symbolByName(name!)],
    ["get_stock_info", params("symbol"), (self, [symbol]) => self.stockInfo(symbol!)],
    ["get_order_details", params("order_id"), (self, [id]) => self.orderDetails(id!)],
    ["cancel_order", params("order_id"), (self, [id]) => self.cancelOrder(id!)],
    [
      "place_order",
      params("order_type", "symbol", "price", "amount"),
      (self, [t, s, p, a]) => self.placeOrder(t!, s!, p!, a!),
    ],
    ["withdraw_funds", params("amount"), (self, [amount]) => self.withdraw(amount!)],
    ["get_account_info", params(), (self) => self.accountInfoResult()],
    ["trading_login", params("username", "password"), (self) => self.login()],
    ["trading_get_login_status", params(), (self) => new PyDict([["status", pyTruthy(self.authenticated)]])],
    ["trading_logout", params(), (self) => self.logout()],
    ["fund_account", params("amount"), (self, [amount]) => self.fund(amount!)],
    ["remove_stock_from_watchlist", params("symbol"), (self, [symbol]) => self.unwatch(symbol!)],
    ["get_watchlist", params(), (self) => self.watchlist()],
    ["get_order_history", params(), (self) => self.orderHistory()],
    [
      "get_transaction_history",
      params(["start_date", null], ["end_date", null]),
      (self, [a, b]) => self.history(a!, b!),
    ],
    ["get_available_stocks", params("sector"), (self, [sector]) => self.availableStocks(sector!)],
    [
      "filter_stocks_by_price",
      params("stocks", "min_price", "max_price"),
      (self, [s, a, b]) => self.filterByPrice(s!, a!, b!),
    ],
    ["add_to_watchlist", params("stock"), (self, [stock]) => self.watch(stock!)],
    ["notify_price_change", params("stocks", "threshold"), (self, [s, t]) => self.notify(s!, t!)],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<TradingBot>> {
    return TradingBot.table;
  }

  readonly className = "TradingBot";
  orders = new PyDict();
  accountInfo = new PyDict();
  authenticated: PyObj = false;
  marketStatus: PyObj = "Closed";
  orderCounter: PyObj = 12446n;
  stocks = new PyDict();
  watchList: PyObj[] = [];
  transactionHistory: PyObj[] = [];
  longContext = false;
  private random = new PythonRandom(1053520n);

  constructor(private readonly context: ApiContext) {}

  loadScenario(scenario: PyDict, longContext: boolean): void {
    const defaults = defaultState();
    const get = (key: string): PyObj =>
      scenario.has(key) ? (scenario.get(key) as PyObj) : (defaults.get(key) as PyObj);
    const orders = get("orders") as PyDict;
    this.orders = new PyDict(
      orders
        .entries()
        .map(([key, value]) => [typeof key === "string" && /^\p{Nd}+$/u.test(key) ? pyInt(key) : key, value]),
    );
    this.accountInfo = get("account_info") as PyDict;
    this.authenticated = get("authenticated");
    this.marketStatus = get("market_status");
    this.orderCounter = get("order_counter");
    this.stocks = get("stocks") as PyDict;
    this.watchList = get("watch_list") as PyObj[];
    this.transactionHistory = get("transaction_history") as PyObj[];
    this.longContext = longContext;
    this.random = new PythonRandom(BigInt((scenario.get("random_seed") as bigint | undefined) ?? 1053520n));
  }

  state(): Array<[string, PyObj]> {
    return [
      ["orders", this.orders],
      ["account_info", this.accountInfo],
      ["authenticated", this.authenticated],
      ["market_status", this.marketStatus],
      ["order_counter", this.orderCounter],
      ["stocks", this.stocks],
      ["watch_list", this.watchList],
      ["transaction_history", this.transactionHistory],
      ["long_context", this.longContext],
    ];
  }

  private timestamp(): string {
    const start = BigInt(Math.floor(currentTime.getTime() / 1000));
    const end = start + 86400n;
    const date = new Date(Number(this.random.randint(start, end)) * 1000);
    return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
  }

  private symbolByName(name: PyObj): PyObj {
    const symbol = typeof name === "string" && Object.hasOwn(symbols, name) ? symbols[name] : undefined;
    return new PyDict([["symbol", symbol ?? "Stock not found"]]);
  }

  private stockInfo(symbol: PyObj): PyObj {
    if (!this.stocks.has(symbol)) return error(`Stock with symbol '${pyStrOf(symbol)}' not found.`);
    const stock = this.stocks.get(symbol) as PyDict;
    if (!this.longContext) return stock;
    const copy = stock.copy();
    copy.set("MA(5)", longContextValue(this.context, "MA_5_EXTENSION"));
    copy.set("MA(20)", longContextValue(this.context, "MA_20_EXTENSION"));
    return copy;
  }

  private orderDetails(id: PyObj): PyObj {
    if (!this.orders.has(id))
      return error(
        `Order with ID ${pyStrOf(id)} not found.Here is the list of orders_id: ${pyReprOf(this.orders.keys())}`,
      );
    const order = this.orders.get(id) as PyDict;
    if (!this.longContext) return order;
    const copy = order.copy();
    const symbol = pyStrOf(copy.get("symbol") as PyObj);
    const extension = longContextValue(this.context, "ORDER_DETAIL_EXTENSION") as PyDict;
    copy.set(
      "metadata",
      new PyDict(
        extension.entries().map(([key, text]) => [key, (text as string).replaceAll("{symbol}", symbol)]),
      ),
    );
    return copy;
  }

  private cancelOrder(id: PyObj): PyObj {
    if (!this.orders.has(id)) return error(`Order with ID ${pyStrOf(id)} not found.`);
    const order = this.orders.get(id) as PyDict;
    if (order.get("status") === "Completed")
      return error(`Can't cancel order ${pyStrOf(id)}. Order is already completed.`);
    order.set("status", "Cancelled");
    return new PyDict([
      ["order_id", id],
      ["status", "Cancelled"],
    ]);
  }

  private placeOrder(type: PyObj, symbol: PyObj, priceArg: PyObj, amount: PyObj): PyObj {
    if (!pyTruthy(this.authenticated))
      return error("User not authenticated. Please log in to place an order.");
    if (!this.stocks.has(symbol)) return error(`Invalid stock symbol: ${pyStrOf(symbol)}`);
    if (pyCompare("<=", priceArg, 0n) || pyCompare("<=", amount, 0n))
      return error("Price and amount must be positive values.");
    if (strSelf(type, "lower").toLowerCase() === "buy") {
      const total = pyMul(pyFloat(priceArg), pyInt(amount)) as number;
      const balance = this.accountInfo.has("balance") ? (this.accountInfo.get("balance") as PyObj) : 0n;
      if (pyCompare(">", total, balance)) {
        const balanceText = formatFixed(
          typeof balance === "bigint" ? Number(balance) : (balance as number),
          2,
        );
        return error(
          `Insufficient funds: required $${formatFixed(total, 2)} but only $${balanceText} available.`,
        );
      }
    }
    const price = pyFloat(priceArg);
    const id = this.orderCounter;
    this.orders.set(
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
    this.orderCounter = pyAdd(this.orderCounter, 1n);
    return new PyDict([
      ["order_id", id],
      ["order_type", type],
      ["status", "Pending"],
      ["price", price],
      ["amount", amount],
    ]);
  }

  private withdraw(amount: PyObj): PyObj {
    if (!pyTruthy(this.authenticated))
      return error("User not authenticated. Please log in to make a transaction.");
    if (this.marketStatus !== "Open") return error("Market is closed. Transactions are not allowed.");
    if (pyCompare("<=", amount, 0n)) return error("Transaction amount must be positive.");
    if (pyCompare(">", amount, this.balance())) return error("Insufficient funds for withdrawal.");
    this.accountInfo.set("balance", pySub(this.balance(), amount));
    this.transactionHistory.push(
      new PyDict([
        ["type", "withdrawal"],
        ["amount", amount],
        ["timestamp", this.timestamp()],
      ]),
    );
    return new PyDict([
      ["status", "Withdrawal successful"],
      ["new_balance", this.balance()],
    ]);
  }

  private balance(): PyObj {
    if (!this.accountInfo.has("balance")) throw pyError("KeyError", "'balance'");
    return this.accountInfo.get("balance") as PyObj;
  }

  private accountInfoResult(): PyObj {
    if (!pyTruthy(this.authenticated))
      return error("User not authenticated. Please log in to view account information.");
    return this.accountInfo;
  }

  private login(): PyObj {
    if (pyTruthy(this.authenticated)) return new PyDict([["status", "Already logged in"]]);
    this.authenticated = true;
    return new PyDict([["status", "Logged in successfully"]]);
  }

  private logout(): PyObj {
    if (!pyTruthy(this.authenticated)) return new PyDict([["status", "No user is currently logged in"]]);
    this.authenticated = false;
    return new PyDict([["status", "Logged out successfully"]]);
  }

  private fund(amount: PyObj): PyObj {
    if (!pyTruthy(this.authenticated))
      return error("User not authenticated. Please log in to fund the account.");
    if (pyCompare("<=", amount, 0n)) return error("Funding amount must be positive.");
    this.accountInfo.set("balance", pyAdd(this.balance(), amount));
    this.transactionHistory.push(
      new PyDict([
        ["type", "deposit"],
        ["amount", amount],
        ["timestamp", this.timestamp()],
      ]),
    );
    return new PyDict([
      ["status", "Account funded successfully"],
      ["new_balance", this.balance()],
    ]);
  }

  private unwatch(symbol: PyObj): PyObj {
    if (!pyTruthy(this.authenticated))
      return error("User not authenticated. Please log in to modify the watchlist.");
    if (!pyContains(this.watchList, symbol)) return error(`Stock ${pyStrOf(symbol)} not found in watchlist.`);
    this.watchList.splice(
      this.watchList.findIndex((item) => pyContains([item], symbol)),
      1,
    );
    return new PyDict([["status", `Stock ${pyStrOf(symbol)} removed from watchlist successfully.`]]);
  }

  private watchlist(): PyObj {
    if (!pyTruthy(this.authenticated))
      return ["Error: User not authenticated. Please log in to view the watchlist."];
    if (this.longContext)
      return [...this.watchList, ...(longContextValue(this.context, "WATCH_LIST_EXTENSION") as PyObj[])];
    return new PyDict([["watchlist", this.watchList]]);
  }

  private orderHistory(): PyObj {
    if (!pyTruthy(this.authenticated))
      return [new PyDict([["error", "User not authenticated. Please log in to view order history."]])];
    return new PyDict([["history", this.orders.keys()]]);
  }

  private history(startDate: PyObj, endDate: PyObj): PyObj {
    if (!pyTruthy(this.authenticated))
      return [new PyDict([["error", "User not authenticated. Please log in to view transaction history."]])];
    const start = pyTruthy(startDate) ? parseDate(startDate, "%Y-%m-%d") : "";
    const end = pyTruthy(endDate) ? parseDate(endDate, "%Y-%m-%d") : "\uffff";
    const filtered = this.transactionHistory.filter((transaction) => {
      const when = parseDate((transaction as PyDict).get("timestamp") as PyObj, "%Y-%m-%d %H:%M:%S");
      return start <= when && when <= end;
    });
    if (this.longContext)
      filtered.push(...(longContextValue(this.context, "TRANSACTION_HISTORY_EXTENSION") as PyObj[]));
    return new PyDict([["transaction_history", filtered]]);
  }

  private availableStocks(sector: PyObj): PyObj {
    const sectors = new PyDict([
      ["Technology", ["AAPL", "GOOG", "MSFT", "NVDA"]],
      ["Automobile", ["TSLA", "F", "GM"]],
    ]);
    if (this.longContext) {
      (sectors.get("Technology") as PyObj[]).push(
        ...(longContextValue(this.context, "TECHNOLOGY_EXTENSION") as PyObj[]),
      );
      (sectors.get("Automobile") as PyObj[]).push(
        ...(longContextValue(this.context, "AUTOMOBILE_EXTENSION") as PyObj[]),
      );
    }
    return new PyDict([["stock_list", sectors.has(sector) ? (sectors.get(sector) as PyObj) : []]]);
  }

  private priceOf(symbol: PyObj): PyObj {
    const stock = this.stocks.has(symbol) ? (this.stocks.get(symbol) as PyDict) : new PyDict();
    return stock.has("price") ? (stock.get("price") as PyObj) : 0n;
  }

  private filterByPrice(stocks: PyObj, min: PyObj, max: PyObj): PyObj {
    const list = Array.isArray(stocks) ? stocks : [...strSelf(stocks, "__iter__")];
    const filtered = list.filter(
      (symbol) => pyCompare(">=", this.priceOf(symbol), min) && pyCompare("<=", this.priceOf(symbol), max),
    );
    return new PyDict([["filtered_stocks", filtered]]);
  }

  private watch(stock: PyObj): PyObj {
    if (!pyContains(this.watchList, stock) && this.stocks.has(stock)) this.watchList.push(stock);
    return new PyDict([["watchlist", this.watchList]]);
  }

  private notify(stocks: PyObj, threshold: PyObj): PyObj {
    const list = Array.isArray(stocks) ? stocks : [...strSelf(stocks, "__iter__")];
    const changed = list.filter(
      (symbol) =>
        this.stocks.has(symbol) &&
        pyCompare(">=", pyAbs((this.stocks.get(symbol) as PyDict).get("percent_change") as PyObj), threshold),
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
}
