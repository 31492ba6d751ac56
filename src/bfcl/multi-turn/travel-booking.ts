/**
 * BFCL's `TravelAPI` (travel_booking.py): a token, credit cards, bookings, a budget limit, flight
 * costs and insurance. Tokens, card ids, card balances, booking, transaction and insurance ids are
 * `randint` draws from `random.Random(random_seed)` (default 141053), in the order the calls make
 * them, reproduced by {@link PythonRandom}.
 */
import { type ApiContext, type ApiMethod, type MultiTurnApi, methodTable, params } from "./api-class.js";
import { longContextValue } from "./long-context.js";
import { PyDict, PyException, type PyObj, pyContains, pyDeepCopy, pyEquals, pyError } from "./py-object.js";
import { pyAdd, pyCompare, pyDiv, pyFloat, pyMul, pySub, roundFloat } from "./py-ops.js";
import { freezeForRendering, pyReprOf, pyStrOf } from "./py-render.js";
import { strSelf } from "./py-str.js";
import { parseDate } from "./python-date.js";
import { PythonRandom } from "./python-random.js";
import { allAirports, baseCosts, cityAirports } from "./travel-routes.js";

const routeCostLists = new Map<bigint, PyObj[]>();

/** Every route's cost for one class factor × date multiplier, in BFCL's order (shared, read-only). */
function allRouteCosts(product: bigint): PyObj[] {
  let costs = routeCostLists.get(product);
  if (costs === undefined) {
    costs = [...baseCosts.values()].map((base) => Number(base * product));
    freezeForRendering(costs);
    routeCostLists.set(product, costs);
  }
  return costs;
}

const error = (text: string): PyDict => new PyDict([["error", text]]);
const failed = (flag: string, text: string): PyDict =>
  new PyDict([
    [flag, false],
    ["error", text],
  ]);
const exchangeRates: Array<[string, string, PyObj]> = [
  ["USD", "RMB", 7n],
  ["USD", "EUR", 0.8],
  ["USD", "JPY", 110n],
  ["USD", "GBP", 0.7],
  ["USD", "CAD", 1.3],
  ["USD", "AUD", 1.4],
  ["USD", "INR", 70n],
  ["USD", "RUB", 60n],
  ["USD", "BRL", 3.8],
  ["USD", "MXN", 20n],
];

/** The travel booking API. */
export class TravelApi implements MultiTurnApi {
  private static readonly table = methodTable<TravelApi>([
    [
      "authenticate_travel",
      params(
        "client_id",
        "client_secret",
        "refresh_token",
        "grant_type",
        "user_first_name",
        "user_last_name",
      ),
      (self, args) => self.authenticate(args[3]!, args[4]!, args[5]!),
    ],
    [
      "travel_get_login_status",
      params(),
      (self) =>
        new PyDict([["status", !(self.tokenExpiresIn === null || pyEquals(self.tokenExpiresIn, 0n))]]),
    ],
    [
      "get_budget_fiscal_year",
      params(["lastModifiedAfter", null], ["includeRemoved", null]),
      (_self) => new PyDict([["budget_fiscal_year", "2018"]]),
    ],
    [
      "register_credit_card",
      params("access_token", "card_number", "expiration_date", "cardholder_name", "card_verification_number"),
      (self, args) => self.registerCard(args[0]!, args[1]!, args[2]!, args[3]!, args[4]!),
    ],
    [
      "get_flight_cost",
      params("travel_from", "travel_to", "travel_date", "travel_class"),
      (self, args) => self.flightCost(args[0]!, args[1]!, args[2]!, args[3]!),
    ],
    [
      "get_credit_card_balance",
      params("access_token", "card_id"),
      (self, [token, card]) => self.cardBalance(token!, card!),
    ],
    [
      "book_flight",
      params("access_token", "card_id", "travel_date", "travel_from", "travel_to", "travel_class"),
      (self, args) => self.book(args[0]!, args[1]!, args[2]!, args[3]!, args[4]!, args[5]!),
    ],
    [
      "retrieve_invoice",
      params("access_token", ["booking_id", null], ["insurance_id", null]),
      (self, [token, booking]) => self.invoice(token!, booking!),
    ],
    ["get_booking_history", params("access_token"), (self, [token]) => self.bookingHistory(token!)],
    ["list_all_airports", params(), (_self) => [...allAirports]],
    [
      "cancel_booking",
      params("access_token", "booking_id"),
      (self, [token, booking]) => self.cancel(token!, booking!),
    ],
    [
      "compute_exchange_rate",
      params("base_currency", "target_currency", "value"),
      (self, [a, b, v]) => self.exchange(a!, b!, v!),
    ],
    [
      "verify_traveler_information",
      params("first_name", "last_name", "date_of_birth", "passport_number"),
      (self, args) => self.verify(args[0]!, args[1]!, args[2]!, args[3]!),
    ],
    [
      "set_budget_limit",
      params("access_token", "budget_limit"),
      (self, [token, limit]) => self.setBudget(token!, limit!),
    ],
    ["get_nearest_airport_by_city", params("location"), (self, [location]) => self.nearestAirport(location!)],
    [
      "purchase_insurance",
      params("access_token", "insurance_type", "booking_id", "insurance_cost", "card_id"),
      (self, args) => self.insurance(args[0]!, args[2]!, args[3]!, args[4]!),
    ],
    [
      "contact_customer_support",
      params("booking_id", "message"),
      (self, [booking]) => self.support(booking!),
    ],
    ["get_all_credit_cards", params(), (self) => new PyDict([["credit_card_list", self.creditCardList]])],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<TravelApi>> {
    return TravelApi.table;
  }

  readonly className = "TravelAPI";
  private random = new PythonRandom(141053n);
  /** BFCL's private `_flight_cost_lookup`, kept as what it was computed from. */
  private flightCostLookup:
    | { product: bigint; travelClass: string; date: string; from?: PyObj; to?: PyObj }
    | undefined;
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

  constructor(private readonly context: ApiContext) {}

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

  private expired(): boolean {
    return pyEquals(this.tokenExpiresIn, 0n);
  }

  private card(id: PyObj): PyDict {
    return this.creditCardList.get(id) as PyDict;
  }

  private authenticate(grantType: PyObj, first: PyObj, last: PyObj): PyObj {
    this.tokenExpiresIn = 2n;
    this.accessToken = this.random.randint(100000n, 999999n).toString();
    this.tokenType = "Bearer";
    this.tokenScope = grantType;
    this.userFirstName = first;
    this.userLastName = last;
    return new PyDict([
      ["expires_in", 2n],
      ["access_token", this.accessToken],
      ["token_type", "Bearer"],
      ["scope", grantType],
    ]);
  }

  private registerCard(token: PyObj, number: PyObj, expiration: PyObj, holder: PyObj, cvv: PyObj): PyObj {
    if (this.tokenExpiresIn === null) return error("Token not initialized");
    if (this.expired()) return error("Token expired");
    if (!pyEquals(token, this.accessToken)) return error("Invalid access token");
    if (this.creditCardList.has(number)) return error("Card already registered");
    const id = this.random.randint(100000000000n, 999999999999n).toString();
    this.creditCardList.set(
      id,
      new PyDict([
        ["card_number", number],
        ["expiration_date", expiration],
        ["cardholder_name", holder],
        ["card_verification_number", cvv],
        ["balance", this.random.randint(10000n, 99999n)],
      ]),
    );
    return new PyDict([["card_id", id]]);
  }

  private flightCost(from: PyObj, to: PyObj, date: PyObj, travelClass: PyObj): PyObj {
    const base =
      typeof from === "string" && typeof to === "string" ? baseCosts.get(`${from}|${to}`) : undefined;
    if (base === undefined) throw pyError("ValueError", "No available route for the given airports.");
    const factors: Record<string, bigint> = { economy: 1n, business: 2n, first: 5n };
    const factor =
      typeof travelClass === "string" && Object.hasOwn(factors, travelClass)
        ? factors[travelClass]
        : undefined;
    if (factor === undefined)
      throw pyError("ValueError", "Invalid travel class. Options are: economy, business, first.");
    let digitSum = 0;
    for (const char of strSelf(date, "__iter__")) if (/^\p{Nd}$/u.test(char)) digitSum += Number(char);
    const multiplier = digitSum % 2 === 0 ? 2n : 1n;
    const product = factor * multiplier;
    if (this.longContext) {
      this.flightCostLookup = { product, travelClass: pyStrOf(travelClass), date: pyStrOf(date) };
      return new PyDict([["travel_cost_list", allRouteCosts(product)]]);
    }
    const cost = Number(base * product);
    this.flightCostLookup = { product, travelClass: pyStrOf(travelClass), date: pyStrOf(date), from, to };
    return new PyDict([["travel_cost_list", [cost]]]);
  }

  /** `_flight_cost_lookup.get(f"{from}|{to}|{class}|{date}")`'s cost, or undefined. */
  private cachedCost(from: PyObj, to: PyObj, travelClass: PyObj, date: PyObj): number | undefined {
    const lookup = this.flightCostLookup;
    if (lookup === undefined || lookup.travelClass !== pyStrOf(travelClass) || lookup.date !== pyStrOf(date))
      return undefined;
    if (
      lookup.from !== undefined &&
      (pyStrOf(lookup.from) !== pyStrOf(from) || pyStrOf(lookup.to ?? null) !== pyStrOf(to))
    )
      return undefined;
    const base = baseCosts.get(`${pyStrOf(from)}|${pyStrOf(to)}`);
    return base === undefined ? undefined : Number(base * lookup.product);
  }

  private cardBalance(token: PyObj, card: PyObj): PyObj {
    if (this.expired()) return error("Token expired");
    if (!pyEquals(token, this.accessToken)) return error("Invalid access token");
    if (!this.creditCardList.has(card))
      return error(
        `Card not registered. Here are a list of card_id's: ${pyReprOf(this.creditCardList.keys())}`,
      );
    return new PyDict([["card_balance", this.card(card).get("balance") as PyObj]]);
  }

  private book(token: PyObj, card: PyObj, date: PyObj, from: PyObj, to: PyObj, travelClass: PyObj): PyObj {
    const no = (text: string): PyDict => failed("booking_status", text);
    if (this.expired()) return no("Token expired");
    if (!pyEquals(token, this.accessToken)) return no("Invalid access token");
    if (!this.creditCardList.has(card)) return no("Card not registered");
    if (!this.card(card).has("balance")) return no("Balance not found");
    if (!pyContains(allAirports as PyObj[], from))
      return no(`Invalid departure airport code: ${pyStrOf(from)}`);
    if (!pyContains(allAirports as PyObj[], to))
      return no(`Invalid destination airport code: ${pyStrOf(to)}`);
    try {
      parseDate(date, "%Y-%m-%d");
    } catch (caught) {
      if (caught instanceof PyException && caught.pyType === "ValueError")
        return no("Invalid date format. Use YYYY-MM-DD.");
      throw caught;
    }
    if (!pyContains(["economy", "business", "first"], travelClass))
      return no("Invalid travel class. Must be one of {'economy', 'business', 'first'}");
    let cost: PyObj;
    try {
      this.flightCost(from, to, date, travelClass);
      const entry = this.cachedCost(from, to, travelClass, date);
      if (entry === undefined) return no("No available route for the given parameters");
      cost = entry;
    } catch (caught) {
      if (caught instanceof PyException && caught.pyType === "ValueError") return no(caught.message);
      throw caught;
    }
    const balance = this.card(card).get("balance") as PyObj;
    if (pyCompare("<", balance, cost)) return no("Insufficient funds");
    if (this.budgetLimit !== null && pyCompare("<", balance, this.budgetLimit))
      return no("Balance is less than budget limit");
    this.card(card).set("balance", pySub(balance, cost));
    const bookingId = this.random.randint(1000000n, 9999999n).toString();
    const transactionId = this.random.randint(10000000n, 99999999n).toString();
    this.bookingRecord.set(
      bookingId,
      new PyDict([
        ["card_id", card],
        ["travel_date", date],
        ["travel_from", from],
        ["travel_to", to],
        ["travel_class", travelClass],
        ["travel_cost", cost],
        ["transaction_id", transactionId],
      ]),
    );
    return new PyDict([
      ["booking_id", bookingId],
      ["transaction_id", transactionId],
      ["booking_status", true],
      ["booking_history", this.longContext ? this.bookingRecord : new PyDict()],
    ]);
  }

  private invoice(token: PyObj, booking: PyObj): PyObj {
    if (this.expired()) return error("Token expired");
    if (!pyEquals(token, this.accessToken)) return error("Invalid access token");
    if (!this.bookingRecord.has(booking)) return error("Booking not found");
    const record = this.bookingRecord.get(booking) as PyDict;
    const field = (name: string): PyObj => {
      if (!record.has(name)) throw pyError("KeyError", pyReprOf(name));
      return record.get(name) as PyObj;
    };
    const invoice = new PyDict([["booking_id", booking]]);
    for (const name of [
      "travel_date",
      "travel_from",
      "travel_to",
      "travel_class",
      "travel_cost",
      "transaction_id",
    ])
      invoice.set(name, field(name));
    return new PyDict([["invoice", invoice]]);
  }

  private bookingHistory(token: PyObj): PyObj {
    if (this.expired()) return error("Token expired");
    if (!pyEquals(token, this.accessToken)) return error("Invalid access token");
    return new PyDict([["booking_history", pyDeepCopy(this.bookingRecord)]]);
  }

  private cancel(token: PyObj, booking: PyObj): PyObj {
    const no = (text: string): PyDict => failed("cancel_status", text);
    if (this.expired()) return no("Token expired");
    if (!pyEquals(token, this.accessToken)) return no("Invalid access token");
    if (!this.bookingRecord.has(booking)) return no("Booking not found");
    const record = this.bookingRecord.get(booking) as PyDict;
    const card = record.get("card_id") as PyObj;
    if (!this.creditCardList.has(card)) throw pyError("KeyError", pyReprOf(card));
    this.card(card).set(
      "balance",
      pyAdd(this.card(card).get("balance") as PyObj, record.get("travel_cost") as PyObj),
    );
    this.bookingRecord.delete(booking);
    return new PyDict([["cancel_status", true]]);
  }

  private exchange(from: PyObj, to: PyObj, value: PyObj): PyObj {
    for (const [a, b, rate] of exchangeRates) {
      if (pyEquals(from, a) && pyEquals(to, b))
        return new PyDict([["exchanged_value", pyFloat(pyMul(value, rate))]]);
      if (pyEquals(from, b) && pyEquals(to, a)) {
        const quotient = pyDiv(value, rate) as number;
        return new PyDict([["exchanged_value", roundFloat(quotient, 2)]]);
      }
    }
    throw pyError("ValueError", "No available exchange rate for the given currencies.");
  }

  private verify(first: PyObj, last: PyObj, birth: PyObj, passport: PyObj): PyObj {
    const no = (text: string): PyDict =>
      new PyDict([
        ["verification_status", false],
        ["verification_failure", text],
      ]);
    if (!pyEquals(this.userFirstName, first) || !pyEquals(this.userLastName, last))
      return no(
        `Cannot book flight information for another user.Expected ${pyStrOf(this.userFirstName)} ${pyStrOf(this.userLastName)}, got ${pyStrOf(first)} ${pyStrOf(last)}`,
      );
    let age: number;
    try {
      const [year, month, day] = parseDate(birth, "%Y-%m-%d").slice(0, 10).split("-").map(Number) as [
        number,
        number,
        number,
      ];
      const today = new Date();
      const before =
        today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
      age = today.getFullYear() - year - (before ? 1 : 0);
    } catch (caught) {
      if (caught instanceof PyException && caught.pyType === "ValueError")
        return no("Invalid date of birth format. Please use YYYY-MM-DD.");
      throw caught;
    }
    if (age < 18) return no("Traveler must be at least 18 years old.");
    if (!strSelf(passport, "startswith").startsWith("US"))
      return no("Passport must be issued by the United States.");
    return new PyDict([["verification_status", true]]);
  }

  private setBudget(token: PyObj, limit: PyObj): PyObj {
    if (this.expired()) return error("Token expired");
    if (!pyEquals(token, this.accessToken)) return error("Invalid access token");
    const value = pyFloat(limit);
    this.budgetLimit = value;
    return new PyDict([["budget_limit", value]]);
  }

  private nearestAirport(location: PyObj): PyObj {
    const code =
      typeof location === "string" && Object.hasOwn(cityAirports, location)
        ? cityAirports[location]
        : undefined;
    return new PyDict([["nearest_airport", code ?? "Unknown"]]);
  }

  private insurance(token: PyObj, booking: PyObj, cost: PyObj, card: PyObj): PyObj {
    const no = (text: string): PyDict => failed("insurance_status", text);
    if (this.expired()) return no("Token expired");
    if (!pyEquals(token, this.accessToken)) return no("Invalid access token");
    if (this.budgetLimit !== null && pyCompare("<", this.budgetLimit, cost))
      return no("Exceeded budget limit");
    if (!this.bookingRecord.has(booking)) return no("Booking not found");
    if (!this.creditCardList.has(card)) return no("Credit card not registered");
    this.card(card).set("balance", pySub(this.card(card).get("balance") as PyObj, cost));
    return new PyDict([
      ["insurance_id", this.random.randint(100000000n, 999999999n).toString()],
      ["insurance_status", true],
    ]);
  }

  private support(booking: PyObj): PyObj {
    if (!this.bookingRecord.has(booking)) return error("Booking not found");
    return new PyDict([
      [
        "customer_support_message",
        "Thank you for contacting customer support. Your message has been received and we will get back to you shortly.",
      ],
    ]);
  }
}
