/**
 * BFCL's `VehicleControlAPI`: engine, fuel, doors, climate, lights, brakes, cruise control, tire
 * pressure and navigation. Readings (`get_current_speed`, outside temperature) are
 * `uniform` draws from `random.Random(random_seed)` (default 141053), as in the Python class.
 * Private attributes (`_brakePedalForce`, `_parkingBrakeForce`, `_slopeAngle`) are state but are
 * not compared, as BFCL skips `_` names. This file holds the class and its method table; the state
 * and the methods' bodies are in vehicle-control/.
 */
import { type ApiMethod, type MultiTurnApi, methodTable, params } from "./api-class.js";
import { PyDict } from "./py-object.js";
import { pyMul } from "./py-ops.js";
import { climate, googleTemperature, headlights, status, tires } from "./vehicle-control/dashboard.js";
import {
  cruise,
  fillFuel,
  lockDoors,
  parkingBrake,
  pressBrake,
  releaseBrake,
  startEngine,
} from "./vehicle-control/driving.js";
import { distance, feasible, navigate, zipcode } from "./vehicle-control/navigation.js";
import { VehicleState } from "./vehicle-control/state.js";

/** The vehicle control API. */
export class VehicleControlApi extends VehicleState implements MultiTurnApi {
  private static readonly table = methodTable<VehicleControlApi>([
    ["startEngine", params("ignitionMode"), (self, [mode]) => startEngine(self, mode!)],
    ["fillFuelTank", params("fuelAmount"), (self, [amount]) => fillFuel(self, amount!)],
    ["lockDoors", params("unlock", "door"), (self, [unlock, door]) => lockDoors(self, unlock!, door!)],
    [
      "adjustClimateControl",
      params("temperature", ["unit", "celsius"], ["fanSpeed", 50n], ["mode", "auto"]),
      (self, [t, u, f, m]) => climate(self, t!, u!, f!, m!),
    ],
    ["get_outside_temperature_from_google", params(), (self) => googleTemperature(self)],
    ["get_outside_temperature_from_weather_com", params(), (_self) => new PyDict([["error", 404n]])],
    ["setHeadlights", params("mode"), (self, [mode]) => headlights(self, mode!)],
    ["displayCarStatus", params("option"), (self, [option]) => status(self, option!)],
    ["activateParkingBrake", params("mode"), (self, [mode]) => parkingBrake(self, mode!)],
    ["pressBrakePedal", params("pedalPosition"), (self, [position]) => pressBrake(self, position!)],
    ["releaseBrakePedal", params(), (self) => releaseBrake(self)],
    [
      "setCruiseControl",
      params("speed", "activate", "distanceToNextVehicle"),
      (self, [s, a, d]) => cruise(self, s!, a!, d!),
    ],
    [
      "get_current_speed",
      params(),
      (self) => new PyDict([["currentSpeed", self.random.uniform(0.0, 120.0)]]),
    ],
    ["display_log", params("messages"), (_self, [messages]) => new PyDict([["log", messages!]])],
    [
      "estimate_drive_feasibility_by_mileage",
      params("distance"),
      (self, [distance]) => feasible(self, distance!),
    ],
    [
      "liter_to_gallon",
      params("liter"),
      (_self, [liter]) => new PyDict([["gallon", pyMul(liter!, 0.264172)]]),
    ],
    [
      "gallon_to_liter",
      params("gallon"),
      (_self, [gallon]) => new PyDict([["liter", pyMul(gallon!, 3.78541)]]),
    ],
    ["estimate_distance", params("cityA", "cityB"), (self, [a, b]) => distance(self, a!, b!)],
    ["get_zipcode_based_on_city", params("city"), (_self, [city]) => zipcode(city!)],
    ["set_navigation", params("destination"), (self, [place]) => navigate(self, place!)],
    ["check_tire_pressure", params(), (self) => tires(self)],
    [
      "find_nearest_tire_shop",
      params(),
      (_self) => new PyDict([["shopLocation", "456 Oakwood Avenue, Rivermist, 83214"]]),
    ],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<VehicleControlApi>> {
    return VehicleControlApi.table;
  }

  readonly className = "VehicleControlAPI";
}
