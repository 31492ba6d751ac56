/**
 * The state of BFCL's `TravelAPI`: its public attributes in `vars()` order (what BFCL's state
 * check compares), the private random generator and flight cost lookup, `_load_scenario`, and the
 * two reads every method makes (whether the token has expired, a card by id). The methods that
 * act on it are free functions over this state in the files beside this one.
 */
import type { ApiContext } from "../api-class.js";
import { longContextValue } from "../long-context.js";
import { PyDict, type PyObj, pyEquals } from "../py-object.js";
import { PythonRandom } from "../python-random.js";

/** BFCL's private `_flight_cost_lookup`, kept as what it was computed from. */
export interface FlightCostLookup {
  product: bigint;
  travelClass: string;
  date: string;
  from?: PyObj;
  to?: PyObj;
}

/** A `TravelAPI` instance's attributes. */
export class TravelState {
  /** BFCL's private `_random` (not compared). */
  random = new PythonRandom(141053n);
  /** BFCL's private `_flight_cost_lookup` (not compared). */
  flightCostLookup: FlightCostLookup | undefined;
  creditCardList = new PyDict();
  bookingRecord = new PyDict();
  accessToken: PyObj = null;
  tokenType: PyObj = null;
  tokenExpiresIn: PyObj = null;
  tokenScope: PyObj = null;
  userFirstName: PyObj = null;
  userLastName: PyObj = null;
  budgetLimit: PyObj = null;
  longContext = false;

  constructor(readonly context: ApiContext) {}

  loadScenario(scenario: PyDict, longContext: boolean): void {
    const get = (key: string, fallback: PyObj): PyObj =>
      scenario.has(key) ? (scenario.get(key) as PyObj) : fallback;
    this.random = new PythonRandom(BigInt((scenario.get("random_seed") as bigint | undefined) ?? 141053n));
    this.creditCardList = get("credit_card_list", new PyDict()) as PyDict;
    this.bookingRecord = get("booking_record", new PyDict()) as PyDict;
    this.accessToken = get("access_token", null);
    this.tokenType = get("token_type", null);
    this.tokenExpiresIn = get("token_expires_in", null);
    this.tokenScope = get("token_scope", null);
    this.userFirstName = get("user_first_name", null);
    this.userLastName = get("user_last_name", null);
    this.budgetLimit = get("budget_limit", null);
    this.longContext = longContext;
    if (longContext) {
      for (const [id, card] of (longContextValue(this.context, "CREDIT_CARD_EXTENSION") as PyDict).entries())
        if (!this.creditCardList.has(id)) this.creditCardList.set(id, card);
      for (const [id, booking] of (
        longContextValue(this.context, "BOOKING_RECORD_EXTENSION") as PyDict
      ).entries())
        if (!this.bookingRecord.has(id)) this.bookingRecord.set(id, booking);
    }
  }

  state(): Array<[string, PyObj]> {
    return [
      ["credit_card_list", this.creditCardList],
      ["booking_record", this.bookingRecord],
      ["access_token", this.accessToken],
      ["token_type", this.tokenType],
      ["token_expires_in", this.tokenExpiresIn],
      ["token_scope", this.tokenScope],
      ["user_first_name", this.userFirstName],
      ["user_last_name", this.userLastName],
      ["budget_limit", this.budgetLimit],
      ["long_context", this.longContext],
    ];
  }

  expired(): boolean {
    return pyEquals(this.tokenExpiresIn, 0n);
  }

  card(id: PyObj): PyDict {
    return this.creditCardList.get(id) as PyDict;
  }
}
