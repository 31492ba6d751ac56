/**
 * The state of BFCL's `TradingBot`: its public attributes in `vars()` order (what BFCL's state
 * check compares), the private random generator, and `_load_scenario` (scenario keys over the
 * default state, order ids that are digit strings read as integers). The methods that act on it
 * are free functions over this state in the files beside this one.
 */
import type { ApiContext } from "../api-class.js";
import { PyDict, type PyObj } from "../py-object.js";
import { pyInt } from "../py-ops.js";
import { PythonRandom } from "../python-random.js";
import { defaultState } from "./default-state.js";

/** A `TradingBot` instance's attributes. */
export class TradingState {
  orders = new PyDict();
  accountInfo = new PyDict();
  authenticated: PyObj = false;
  marketStatus: PyObj = "Closed";
  orderCounter: PyObj = 12446n;
  stocks = new PyDict();
  watchList: PyObj[] = [];
  transactionHistory: PyObj[] = [];
  longContext = false;
  /** BFCL's private `_random` (not compared). */
  random = new PythonRandom(1053520n);

  constructor(readonly context: ApiContext) {}

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
}
