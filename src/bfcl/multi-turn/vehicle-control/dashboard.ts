/**
 * `VehicleControlAPI`'s dashboard: `adjustClimateControl`, `setHeadlights`, the outside
 * temperature from "Google" (a random reading), `displayCarStatus` (one view per option) and
 * `check_tire_pressure`.
 */
import { errorResult } from "../error-result.js";
import { longContextValue } from "../long-context.js";
import { PyDict, type PyObj, pyContains } from "../py-object.js";
import { pyAdd, pyCompare, pyDiv, pyMul, pySub } from "../py-ops.js";
import type { Field, VehicleState } from "./state.js";

/** `adjustClimateControl`: a fahrenheit temperature is kept in celsius. */
export function climate(
  self: VehicleState,
  temperature: PyObj,
  unit: PyObj,
  fanSpeed: PyObj,
  mode: PyObj,
): PyObj {
  if (!(pyCompare("<=", 0n, fanSpeed) && pyCompare("<=", fanSpeed, 100n)))
    return errorResult("Fan speed must be between 0 and 100.");
  self.set("acTemperature", temperature);
  if (unit === "fahrenheit") self.set("acTemperature", pyDiv(pyMul(pySub(temperature, 32n), 5n), 9n));
  self.set("fanSpeed", fanSpeed);
  self.set("acMode", mode);
  return new PyDict([
    ["currentACTemperature", temperature],
    ["climateMode", mode],
    ["humidityLevel", self.get("humidityLevel")],
  ]);
}

/** `setHeadlights`: "auto" turns them off. */
export function headlights(self: VehicleState, mode: PyObj): PyObj {
  if (!pyContains(["on", "off", "auto"], mode)) return errorResult("Invalid headlight mode.");
  const next = mode === "on" ? "on" : "off";
  self.set("headLightStatus", next);
  return new PyDict([["headlightStatus", next]]);
}

/** `get_outside_temperature_from_google`. */
export function googleTemperature(self: VehicleState): PyObj {
  if (self.longContext) {
    const weather = longContextValue(self.context, "LONG_WEATHER_EXTENSION") as PyDict;
    weather.set("outsideTemperature", self.random.uniform(-10.0, 40.0));
    return weather;
  }
  return new PyDict([["outsideTemperature", self.random.uniform(-10.0, 40.0)]]);
}

/** `displayCarStatus`. */
export function status(self: VehicleState, option: PyObj): PyObj {
  const status = new PyDict();
  if (self.longContext)
    status.set("metadata", longContextValue(self.context, "CAR_STATUS_METADATA_EXTENSION"));
  const views: Record<string, Array<[string, () => PyObj]>> = {
    fuel: [["fuelLevel", () => self.get("fuelLevel")]],
    battery: [["batteryVoltage", () => self.get("batteryVoltage")]],
    doors: [["doorStatus", () => self.get("doorStatus")]],
    climate: [
      ["currentACTemperature", () => self.get("acTemperature")],
      ["fanSpeed", () => self.get("fanSpeed")],
      ["climateMode", () => self.get("acMode")],
      ["humidityLevel", () => self.get("humidityLevel")],
    ],
    headlights: [["headlightStatus", () => self.get("headLightStatus")]],
    parkingBrake: [
      ["parkingBrakeStatus", () => self.get("parkingBrakeStatus")],
      ["parkingBrakeForce", () => self.parkingBrakeForce],
      ["slopeAngle", () => self.slopeAngle],
    ],
    brakePedal: [
      ["brakePedalStatus", () => self.get("brakePedalStatus")],
      ["brakePedalForce", () => self.brakePedalForce],
    ],
    engine: [["engineState", () => self.get("engine_state")]],
  };
  const view = typeof option === "string" && Object.hasOwn(views, option) ? views[option] : undefined;
  if (view === undefined) status.set("error", "Invalid option");
  else for (const [key, read] of view) status.set(key, read());
  return status;
}

/** `check_tire_pressure`: healthy when the mean is 30 to 35 psi. */
export function tires(self: VehicleState): PyObj {
  const sum = [
    "frontLeftTirePressure",
    "frontRightTirePressure",
    "rearLeftTirePressure",
    "rearRightTirePressure",
  ]
    .map((field) => self.get(field as Field))
    .reduce((total, value) => pyAdd(total, value));
  const mean = pyDiv(sum, 4n);
  const healthy = pyCompare("<=", 30n, mean) && pyCompare("<=", mean, 35n);
  return new PyDict([
    ["frontLeftTirePressure", self.get("frontLeftTirePressure")],
    ["frontRightTirePressure", self.get("frontRightTirePressure")],
    ["rearLeftTirePressure", self.get("rearLeftTirePressure")],
    ["rearRightTirePressure", self.get("rearRightTirePressure")],
    ["healthy_tire_pressure", healthy],
    [
      "car_info",
      self.longContext
        ? (longContextValue(self.context, "CAR_STATUS_METADATA_EXTENSION") as PyObj)
        : new PyDict(),
    ],
  ]);
}
