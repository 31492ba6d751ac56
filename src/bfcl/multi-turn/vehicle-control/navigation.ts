/**
 * `VehicleControlAPI`'s navigation: BFCL's city zip codes and distances between them,
 * `estimate_drive_feasibility_by_mileage`, `estimate_distance`, `get_zipcode_based_on_city` and
 * `set_navigation`.
 */
import { errorResult } from "../error-result.js";
import { longContextValue } from "../long-context.js";
import { PyDict, type PyObj, pyError, pyTypeName } from "../py-object.js";
import { pyCompare, pyMul } from "../py-ops.js";
import type { VehicleState } from "./state.js";

const zipcodes: Record<string, string> = {
  Rivermist: "83214",
  Stonebrook: "74532",
  Maplecrest: "56108",
  Silverpine: "62947",
  Shadowridge: "71354",
  "Sunset Valley": "83462",
  Oakendale: "47329",
  Willowbend: "52013",
  "Crescent Hollow": "69238",
  Autumnville: "51479",
  "San Francisco": "94016",
};
const distances: Array<[string, string, number]> = [
  ["83214", "74532", 750],
  ["56108", "62947", 320],
  ["71354", "83462", 450],
  ["47329", "52013", 290],
  ["69238", "51479", 630],
  ["94016", "83214", 980],
  ["94016", "94704", 600],
  ["94704", "08540", 2550],
  ["94016", "08540", 1950],
  ["62947", "47329", 1053],
  ["94016", "62947", 780],
  ["74532", "94016", 880],
];

/** `estimate_drive_feasibility_by_mileage`: 20 miles a gallon. */
export function feasible(self: VehicleState, distance: PyObj): PyObj {
  return new PyDict([["canDrive", !pyCompare("<", pyMul(self.get("fuelLevel"), 20.0), distance)]]);
}

/** `estimate_distance` between two zip codes, either way round. */
export function distance(self: VehicleState, a: PyObj, b: PyObj): PyObj {
  const row = distances.find(([x, y]) => (a === x && b === y) || (a === y && b === x));
  const result = row ? new PyDict([["distance", row[2]]]) : errorResult("distance not found in database.");
  if (self.longContext)
    result.set("intermediaryCities", longContextValue(self.context, "INTERMEDIARY_CITIES"));
  return result;
}

/** `get_zipcode_based_on_city`: "00000" for an unknown city. */
export function zipcode(city: PyObj): PyObj {
  const code = typeof city === "string" && Object.hasOwn(zipcodes, city) ? zipcodes[city] : undefined;
  return new PyDict([["zipcode", code ?? "00000"]]);
}

/** `set_navigation`: sets the destination, then raises TypeError for a non-string (as Python does). */
export function navigate(self: VehicleState, place: PyObj): PyObj {
  self.set("destination", place);
  if (typeof place !== "string")
    throw pyError("TypeError", `can only concatenate str (not "${pyTypeName(place)}") to str`);
  return new PyDict([["status", `Navigating to ${place}`]]);
}
