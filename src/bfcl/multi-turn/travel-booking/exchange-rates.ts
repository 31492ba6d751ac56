/** `TravelAPI.compute_exchange_rate`: BFCL's fixed USD rates, either way round. */
import { PyDict, type PyObj, pyEquals, pyError } from "../py-object.js";
import { pyDiv, pyFloat, pyMul, roundFloat } from "../py-ops.js";

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

/** `compute_exchange_rate`: raises ValueError for a pair without a rate. */
export function exchange(from: PyObj, to: PyObj, value: PyObj): PyObj {
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
