/**
 * The state of BFCL's `VehicleControlAPI`: its public attributes in `vars()` order with their
 * defaults (what BFCL's state check compares), the private random generator and brake and slope
 * readings, and `_load_scenario` (the config key is the attribute's name, `engineState` for
 * `engine_state`). The methods that act on it are free functions over this state in the files
 * beside this one.
 */
import type { ApiContext } from "../api-class.js";
import { PyDict, type PyObj } from "../py-object.js";
import { PythonRandom } from "../python-random.js";

/** A public attribute's name. */
export type Field =
  | "fuelLevel"
  | "batteryVoltage"
  | "engine_state"
  | "remainingUnlockedDoors"
  | "doorStatus"
  | "acTemperature"
  | "fanSpeed"
  | "acMode"
  | "humidityLevel"
  | "headLightStatus"
  | "parkingBrakeStatus"
  | "brakePedalStatus"
  | "distanceToNextVehicle"
  | "cruiseStatus"
  | "destination"
  | "frontLeftTirePressure"
  | "frontRightTirePressure"
  | "rearLeftTirePressure"
  | "rearRightTirePressure"
  | "long_context";

/** Public attributes in `vars()` order, with their defaults (the config key is the same name). */
const fields: Array<[Field, PyObj]> = [
  ["fuelLevel", 0.0],
  ["batteryVoltage", 12.6],
  ["engine_state", "stopped"],
  ["remainingUnlockedDoors", 4n],
  ["doorStatus", null],
  ["acTemperature", 25.0],
  ["fanSpeed", 50n],
  ["acMode", "auto"],
  ["humidityLevel", 50.0],
  ["headLightStatus", "off"],
  ["parkingBrakeStatus", "released"],
  ["brakePedalStatus", "released"],
  ["distanceToNextVehicle", 50.0],
  ["cruiseStatus", "inactive"],
  ["destination", "None"],
  ["frontLeftTirePressure", 32.0],
  ["frontRightTirePressure", 32.0],
  ["rearLeftTirePressure", 30.0],
  ["rearRightTirePressure", 30.0],
];

/** A `VehicleControlAPI` instance's attributes. */
export class VehicleState {
  /** BFCL's private `_random` (not compared). */
  random = new PythonRandom(141053n);
  private readonly values = new Map<Field, PyObj>();
  /** BFCL's private `_parkingBrakeForce` (not compared). */
  parkingBrakeForce: PyObj = 0.0;
  /** BFCL's private `_slopeAngle` (not compared). */
  slopeAngle: PyObj = 0.0;
  /** BFCL's private `_brakePedalForce` (not compared). */
  brakePedalForce: PyObj = 0.0;

  constructor(readonly context: ApiContext) {}

  get(field: Field): PyObj {
    return this.values.get(field) as PyObj;
  }
  set(field: Field, value: PyObj): void {
    this.values.set(field, value);
  }

  loadScenario(scenario: PyDict, longContext: boolean): void {
    const get = (key: string, fallback: PyObj): PyObj =>
      scenario.has(key) ? (scenario.get(key) as PyObj) : fallback;
    this.random = new PythonRandom(BigInt((scenario.get("random_seed") as bigint | undefined) ?? 141053n));
    for (const [field, fallback] of fields) {
      const key = field === "engine_state" ? "engineState" : field;
      const defaultValue =
        field === "doorStatus"
          ? new PyDict([
              ["driver", "unlocked"],
              ["passenger", "unlocked"],
              ["rear_left", "unlocked"],
              ["rear_right", "unlocked"],
            ])
          : fallback;
      this.set(field, get(key, defaultValue));
    }
    const doors = this.get("doorStatus") as PyDict;
    const locked = doors.keys().filter((door) => doors.get(door) === "locked").length;
    this.set("remainingUnlockedDoors", BigInt(4 - locked));
    this.parkingBrakeForce = get("parkingBrakeForce", 0.0);
    this.slopeAngle = get("slopeAngle", 0.0);
    this.brakePedalForce = get("brakePedalForce", 0.0);
    this.set("long_context", longContext);
  }

  state(): Array<[string, PyObj]> {
    return [
      ...fields.map(([field]) => [field, this.get(field)] as [string, PyObj]),
      ["long_context", this.get("long_context")],
    ];
  }

  get longContext(): boolean {
    return this.get("long_context") === true;
  }
}
