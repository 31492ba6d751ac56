/**
 * `TravelAPI`'s flight costs: `get_flight_cost` over BFCL's routes (one route's cost, or every
 * route's in long context), the cost `book_flight` reads back from `_flight_cost_lookup`, and
 * `get_nearest_airport_by_city`.
 */
import { PyDict, type PyObj, pyError } from "../py-object.js";
import { freezeForRendering, pyStrOf } from "../py-render.js";
import { strSelf } from "../py-str.js";
import type { TravelState } from "./state.js";
import { baseCosts, cityAirports } from "./travel-routes.js";

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

/** `get_flight_cost`: raises ValueError for an unknown route or class. */
export function flightCost(
  self: TravelState,
  from: PyObj,
  to: PyObj,
  date: PyObj,
  travelClass: PyObj,
): PyObj {
  const base =
    typeof from === "string" && typeof to === "string" ? baseCosts.get(`${from}|${to}`) : undefined;
  if (base === undefined) throw pyError("ValueError", "No available route for the given airports.");
  const factors: Record<string, bigint> = { economy: 1n, business: 2n, first: 5n };
  const factor =
    typeof travelClass === "string" && Object.hasOwn(factors, travelClass) ? factors[travelClass] : undefined;
  if (factor === undefined)
    throw pyError("ValueError", "Invalid travel class. Options are: economy, business, first.");
  let digitSum = 0;
  for (const char of strSelf(date, "__iter__")) if (/^\p{Nd}$/u.test(char)) digitSum += Number(char);
  const multiplier = digitSum % 2 === 0 ? 2n : 1n;
  const product = factor * multiplier;
  if (self.longContext) {
    self.flightCostLookup = { product, travelClass: pyStrOf(travelClass), date: pyStrOf(date) };
    return new PyDict([["travel_cost_list", allRouteCosts(product)]]);
  }
  const cost = Number(base * product);
  self.flightCostLookup = { product, travelClass: pyStrOf(travelClass), date: pyStrOf(date), from, to };
  return new PyDict([["travel_cost_list", [cost]]]);
}

/** `_flight_cost_lookup.get(f"{from}|{to}|{class}|{date}")`'s cost, or undefined. */
export function cachedCost(
  self: TravelState,
  from: PyObj,
  to: PyObj,
  travelClass: PyObj,
  date: PyObj,
): number | undefined {
  const lookup = self.flightCostLookup;
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

/** `get_nearest_airport_by_city`. */
export function nearestAirport(location: PyObj): PyObj {
  const code =
    typeof location === "string" && Object.hasOwn(cityAirports, location)
      ? cityAirports[location]
      : undefined;
  return new PyDict([["nearest_airport", code ?? "Unknown"]]);
}
