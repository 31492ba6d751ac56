/**
 * `TravelAPI`'s bookings: `book_flight` (checks, the cost, the charge, new booking and transaction
 * ids), `retrieve_invoice`, `get_booking_history`, `cancel_booking` (the refund),
 * `purchase_insurance` and `contact_customer_support`.
 */
import { errorResult } from "../error-result.js";
import { PyDict, PyException, type PyObj, pyContains, pyDeepCopy, pyEquals, pyError } from "../py-object.js";
import { pyAdd, pyCompare, pySub } from "../py-ops.js";
import { pyReprOf, pyStrOf } from "../py-render.js";
import { parseDate } from "../python-date.js";
import { cachedCost, flightCost } from "./flights.js";
import type { TravelState } from "./state.js";
import { allAirports } from "./travel-routes.js";

const failed = (flag: string, text: string): PyDict =>
  new PyDict([
    [flag, false],
    ["error", text],
  ]);

/** `book_flight`. */
export function book(
  self: TravelState,
  token: PyObj,
  card: PyObj,
  date: PyObj,
  from: PyObj,
  to: PyObj,
  travelClass: PyObj,
): PyObj {
  const no = (text: string): PyDict => failed("booking_status", text);
  if (self.expired()) return no("Token expired");
  if (!pyEquals(token, self.accessToken)) return no("Invalid access token");
  if (!self.creditCardList.has(card)) return no("Card not registered");
  if (!self.card(card).has("balance")) return no("Balance not found");
  if (!pyContains(allAirports as PyObj[], from))
    return no(`Invalid departure airport code: ${pyStrOf(from)}`);
  if (!pyContains(allAirports as PyObj[], to)) return no(`Invalid destination airport code: ${pyStrOf(to)}`);
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
    flightCost(self, from, to, date, travelClass);
    const entry = cachedCost(self, from, to, travelClass, date);
    if (entry === undefined) return no("No available route for the given parameters");
    cost = entry;
  } catch (caught) {
    if (caught instanceof PyException && caught.pyType === "ValueError") return no(caught.message);
    throw caught;
  }
  const balance = self.card(card).get("balance") as PyObj;
  if (pyCompare("<", balance, cost)) return no("Insufficient funds");
  if (self.budgetLimit !== null && pyCompare("<", balance, self.budgetLimit))
    return no("Balance is less than budget limit");
  self.card(card).set("balance", pySub(balance, cost));
  const bookingId = self.random.randint(1000000n, 9999999n).toString();
  const transactionId = self.random.randint(10000000n, 99999999n).toString();
  self.bookingRecord.set(
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
    ["booking_history", self.longContext ? self.bookingRecord : new PyDict()],
  ]);
}

/** `retrieve_invoice` (of the booking; an insurance id is not read). */
export function invoice(self: TravelState, token: PyObj, booking: PyObj): PyObj {
  if (self.expired()) return errorResult("Token expired");
  if (!pyEquals(token, self.accessToken)) return errorResult("Invalid access token");
  if (!self.bookingRecord.has(booking)) return errorResult("Booking not found");
  const record = self.bookingRecord.get(booking) as PyDict;
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

/** `get_booking_history`: a deep copy of the booking record. */
export function bookingHistory(self: TravelState, token: PyObj): PyObj {
  if (self.expired()) return errorResult("Token expired");
  if (!pyEquals(token, self.accessToken)) return errorResult("Invalid access token");
  return new PyDict([["booking_history", pyDeepCopy(self.bookingRecord)]]);
}

/** `cancel_booking`: refunds the cost to the card. */
export function cancel(self: TravelState, token: PyObj, booking: PyObj): PyObj {
  const no = (text: string): PyDict => failed("cancel_status", text);
  if (self.expired()) return no("Token expired");
  if (!pyEquals(token, self.accessToken)) return no("Invalid access token");
  if (!self.bookingRecord.has(booking)) return no("Booking not found");
  const record = self.bookingRecord.get(booking) as PyDict;
  const card = record.get("card_id") as PyObj;
  if (!self.creditCardList.has(card)) throw pyError("KeyError", pyReprOf(card));
  self
    .card(card)
    .set("balance", pyAdd(self.card(card).get("balance") as PyObj, record.get("travel_cost") as PyObj));
  self.bookingRecord.delete(booking);
  return new PyDict([["cancel_status", true]]);
}

/** `purchase_insurance`: charges the card. */
export function insurance(self: TravelState, token: PyObj, booking: PyObj, cost: PyObj, card: PyObj): PyObj {
  const no = (text: string): PyDict => failed("insurance_status", text);
  if (self.expired()) return no("Token expired");
  if (!pyEquals(token, self.accessToken)) return no("Invalid access token");
  if (self.budgetLimit !== null && pyCompare("<", self.budgetLimit, cost)) return no("Exceeded budget limit");
  if (!self.bookingRecord.has(booking)) return no("Booking not found");
  if (!self.creditCardList.has(card)) return no("Credit card not registered");
  self.card(card).set("balance", pySub(self.card(card).get("balance") as PyObj, cost));
  return new PyDict([
    ["insurance_id", self.random.randint(100000000n, 999999999n).toString()],
    ["insurance_status", true],
  ]);
}

/** `contact_customer_support`. */
export function support(self: TravelState, booking: PyObj): PyObj {
  if (!self.bookingRecord.has(booking)) return errorResult("Booking not found");
  return new PyDict([
    [
      "customer_support_message",
      "Thank you for contacting customer support. Your message has been received and we will get back to you shortly.",
    ],
  ]);
}
