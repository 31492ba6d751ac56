/**
 * `TravelAPI`'s traveler and account methods: `authenticate_travel` (a new token),
 * `register_credit_card`, `get_credit_card_balance`, `set_budget_limit` and
 * `verify_traveler_information` (name, age from the date of birth, a US passport).
 */
import { errorResult } from "../error-result.js";
import { PyDict, PyException, type PyObj, pyEquals } from "../py-object.js";
import { pyFloat } from "../py-ops.js";
import { pyReprOf, pyStrOf } from "../py-render.js";
import { strSelf } from "../py-str.js";
import { parseDate } from "../python-date.js";
import type { TravelState } from "./state.js";

/** `authenticate_travel`: a new token that expires in 2. */
export function authenticate(self: TravelState, grantType: PyObj, first: PyObj, last: PyObj): PyObj {
  self.tokenExpiresIn = 2n;
  self.accessToken = self.random.randint(100000n, 999999n).toString();
  self.tokenType = "Bearer";
  self.tokenScope = grantType;
  self.userFirstName = first;
  self.userLastName = last;
  return new PyDict([
    ["expires_in", 2n],
    ["access_token", self.accessToken],
    ["token_type", "Bearer"],
    ["scope", grantType],
  ]);
}

/** `register_credit_card`: a new card id and a random balance. */
export function registerCard(
  self: TravelState,
  token: PyObj,
  number: PyObj,
  expiration: PyObj,
  holder: PyObj,
  cvv: PyObj,
): PyObj {
  if (self.tokenExpiresIn === null) return errorResult("Token not initialized");
  if (self.expired()) return errorResult("Token expired");
  if (!pyEquals(token, self.accessToken)) return errorResult("Invalid access token");
  if (self.creditCardList.has(number)) return errorResult("Card already registered");
  const id = self.random.randint(100000000000n, 999999999999n).toString();
  self.creditCardList.set(
    id,
    new PyDict([
      ["card_number", number],
      ["expiration_date", expiration],
      ["cardholder_name", holder],
      ["card_verification_number", cvv],
      ["balance", self.random.randint(10000n, 99999n)],
    ]),
  );
  return new PyDict([["card_id", id]]);
}

/** `get_credit_card_balance`. */
export function cardBalance(self: TravelState, token: PyObj, card: PyObj): PyObj {
  if (self.expired()) return errorResult("Token expired");
  if (!pyEquals(token, self.accessToken)) return errorResult("Invalid access token");
  if (!self.creditCardList.has(card))
    return errorResult(
      `Card not registered. Here are a list of card_id's: ${pyReprOf(self.creditCardList.keys())}`,
    );
  return new PyDict([["card_balance", self.card(card).get("balance") as PyObj]]);
}

/** `set_budget_limit`. */
export function setBudget(self: TravelState, token: PyObj, limit: PyObj): PyObj {
  if (self.expired()) return errorResult("Token expired");
  if (!pyEquals(token, self.accessToken)) return errorResult("Invalid access token");
  const value = pyFloat(limit);
  self.budgetLimit = value;
  return new PyDict([["budget_limit", value]]);
}

/** `verify_traveler_information`. */
export function verify(self: TravelState, first: PyObj, last: PyObj, birth: PyObj, passport: PyObj): PyObj {
  const no = (text: string): PyDict =>
    new PyDict([
      ["verification_status", false],
      ["verification_failure", text],
    ]);
  if (!pyEquals(self.userFirstName, first) || !pyEquals(self.userLastName, last))
    return no(
      `Cannot book flight information for another user.Expected ${pyStrOf(self.userFirstName)} ${pyStrOf(self.userLastName)}, got ${pyStrOf(first)} ${pyStrOf(last)}`,
    );
  let age: number;
  try {
    const [year, month, day] = parseDate(birth, "%Y-%m-%d").slice(0, 10).split("-").map(Number) as [
      number,
      number,
      number,
    ];
    const today = new Date();
    const before = today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
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
