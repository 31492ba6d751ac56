/**
 * BFCL's `TravelAPI` (travel_booking.py): a token, credit cards, bookings, a budget limit, flight
 * costs and insurance. Tokens, card ids, card balances, booking, transaction and insurance ids are
 * `randint` draws from `random.Random(random_seed)` (default 141053), in the order the calls make
 * them, reproduced by `PythonRandom`. This file holds the class and its method table; the
 * state and the methods' bodies are in travel-booking/.
 */
import { type ApiMethod, type MultiTurnApi, methodTable, params } from "./api-class.js";
import { PyDict, pyEquals } from "./py-object.js";
import { authenticate, cardBalance, registerCard, setBudget, verify } from "./travel-booking/account.js";
import { book, bookingHistory, cancel, insurance, invoice, support } from "./travel-booking/bookings.js";
import { exchange } from "./travel-booking/exchange-rates.js";
import { flightCost, nearestAirport } from "./travel-booking/flights.js";
import { TravelState } from "./travel-booking/state.js";
import { allAirports } from "./travel-booking/travel-routes.js";

/** The travel booking API. */
export class TravelApi extends TravelState implements MultiTurnApi {
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
      (self, args) => authenticate(self, args[3]!, args[4]!, args[5]!),
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
      (self, args) => registerCard(self, args[0]!, args[1]!, args[2]!, args[3]!, args[4]!),
    ],
    [
      "get_flight_cost",
      params("travel_from", "travel_to", "travel_date", "travel_class"),
      (self, args) => flightCost(self, args[0]!, args[1]!, args[2]!, args[3]!),
    ],
    [
      "get_credit_card_balance",
      params("access_token", "card_id"),
      (self, [token, card]) => cardBalance(self, token!, card!),
    ],
    [
      "book_flight",
      params("access_token", "card_id", "travel_date", "travel_from", "travel_to", "travel_class"),
      (self, args) => book(self, args[0]!, args[1]!, args[2]!, args[3]!, args[4]!, args[5]!),
    ],
    [
      "retrieve_invoice",
      params("access_token", ["booking_id", null], ["insurance_id", null]),
      (self, [token, booking]) => invoice(self, token!, booking!),
    ],
    ["get_booking_history", params("access_token"), (self, [token]) => bookingHistory(self, token!)],
    ["list_all_airports", params(), (_self) => [...allAirports]],
    [
      "cancel_booking",
      params("access_token", "booking_id"),
      (self, [token, booking]) => cancel(self, token!, booking!),
    ],
    [
      "compute_exchange_rate",
      params("base_currency", "target_currency", "value"),
      (_self, [a, b, v]) => exchange(a!, b!, v!),
    ],
    [
      "verify_traveler_information",
      params("first_name", "last_name", "date_of_birth", "passport_number"),
      (self, args) => verify(self, args[0]!, args[1]!, args[2]!, args[3]!),
    ],
    [
      "set_budget_limit",
      params("access_token", "budget_limit"),
      (self, [token, limit]) => setBudget(self, token!, limit!),
    ],
    ["get_nearest_airport_by_city", params("location"), (_self, [location]) => nearestAirport(location!)],
    [
      "purchase_insurance",
      params("access_token", "insurance_type", "booking_id", "insurance_cost", "card_id"),
      (self, args) => insurance(self, args[0]!, args[2]!, args[3]!, args[4]!),
    ],
    [
      "contact_customer_support",
      params("booking_id", "message"),
      (self, [booking]) => support(self, booking!),
    ],
    ["get_all_credit_cards", params(), (self) => new PyDict([["credit_card_list", self.creditCardList]])],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<TravelApi>> {
    return TravelApi.table;
  }

  readonly className = "TravelAPI";
}
