/**
 * `VehicleControlAPI`'s driving controls: `startEngine` (doors locked, brake fully pressed, fuel),
 * `fillFuelTank`, `lockDoors`, `activateParkingBrake`, `pressBrakePedal` / `releaseBrakePedal`
 * and `setCruiseControl`.
 */
import { errorResult } from "../error-result.js";
import { longContextValue } from "../long-context.js";
import { PyDict, type PyObj, pyEquals, pyError, pyTruthy } from "../py-object.js";
import { pyAdd, pyCompare, pyFloat, pyMod, pyMul } from "../py-ops.js";
import { pyReprOf } from "../py-render.js";
import type { VehicleState } from "./state.js";

/** `startEngine`. */
export function startEngine(self: VehicleState, mode: PyObj): PyObj {
  if (mode === "STOP") self.set("engine_state", "stopped");
  if (pyCompare(">", self.get("remainingUnlockedDoors"), 0n)) {
    const doors = self.get("doorStatus") as PyDict;
    const unlocked = doors.keys().filter((door) => doors.get(door) === "unlocked");
    return errorResult(
      `All doors must be locked before starting the engine. Here are the unlocked doors: ${unlocked.join(", ")}`,
    );
  }
  if (self.get("brakePedalStatus") !== "pressed")
    return errorResult("Brake pedal needs to be pressed when starting the engine.");
  if (!pyEquals(self.brakePedalForce, 1000.0))
    return errorResult("Must press the brake fully before starting the engine.");
  if (pyCompare("<", self.get("fuelLevel"), 0.0)) return errorResult("Fuel tank is empty.");
  if (mode !== "START") return errorResult("Invalid ignition mode.");
  self.set("engine_state", "running");
  return new PyDict([
    ["engineState", self.get("engine_state")],
    ["fuelLevel", self.get("fuelLevel")],
    ["batteryVoltage", self.get("batteryVoltage")],
  ]);
}

/** `fillFuelTank`: up to the 50-gallon tank. */
export function fillFuel(self: VehicleState, amount: PyObj): PyObj {
  if (pyCompare("<", amount, 0n)) return errorResult("Fuel amount cannot be negative.");
  const total = pyAdd(self.get("fuelLevel"), amount);
  if (pyCompare(">", total, 50n)) return errorResult("Cannot fill gas above the tank capacity.");
  if (pyCompare("<", total, 0.0)) return errorResult("Fuel tank is empty. Min fuel level is 0 gallons.");
  self.set("fuelLevel", total);
  return new PyDict([["fuelLevel", total]]);
}

/** `lockDoors`: locks or unlocks the named doors, counting the unlocked ones. */
export function lockDoors(self: VehicleState, unlock: PyObj, door: PyObj): PyObj {
  const doors = self.get("doorStatus") as PyDict;
  const wanted = pyTruthy(unlock) ? "unlocked" : "locked";
  const list = Array.isArray(door) ? door : typeof door === "string" ? [...door] : [];
  for (const name of list) {
    if (!doors.has(name)) throw pyError("KeyError", pyReprOf(name));
    if (doors.get(name) === wanted) continue;
    doors.set(name, wanted);
    const delta = wanted === "unlocked" ? 1n : -1n;
    self.set("remainingUnlockedDoors", pyAdd(self.get("remainingUnlockedDoors"), delta));
  }
  return new PyDict([
    ["lockStatus", wanted],
    ["remainingUnlockedDoors", self.get("remainingUnlockedDoors")],
  ]);
}

/** `activateParkingBrake`. */
export function parkingBrake(self: VehicleState, mode: PyObj): PyObj {
  if (mode !== "engage" && mode !== "release") return errorResult("Invalid mode");
  const engaged = mode === "engage";
  self.set("parkingBrakeStatus", engaged ? "engaged" : "released");
  self.parkingBrakeForce = engaged ? 500.0 : 0.0;
  self.slopeAngle = 10.0;
  const result = new PyDict();
  if (self.longContext)
    result.set("parkingBrakeInstruction", longContextValue(self.context, "PARKING_BRAKE_INSTRUCTION"));
  result.set("parkingBrakeStatus", engaged ? "engaged" : "released");
  result.set("_parkingBrakeForce", engaged ? 500.0 : 0.0);
  result.set("_slopeAngle", 10.0);
  return result;
}

/** `pressBrakePedal`: position 0 releases it. */
export function pressBrake(self: VehicleState, position: PyObj): PyObj {
  if (!(pyCompare("<=", 0n, position) && pyCompare("<=", position, 1n)))
    return errorResult("Pedal position must be between 0 and 1.");
  if (pyEquals(position, 0n)) return releaseBrake(self);
  const force = pyMul(position, 1000n);
  self.set("brakePedalStatus", "pressed");
  self.brakePedalForce = force;
  return new PyDict([
    ["brakePedalStatus", "pressed"],
    ["brakePedalForce", pyFloat(force)],
  ]);
}

/** `releaseBrakePedal`. */
export function releaseBrake(self: VehicleState): PyObj {
  self.set("brakePedalStatus", "released");
  self.brakePedalForce = 0.0;
  return new PyDict([
    ["brakePedalStatus", "released"],
    ["brakePedalForce", 0.0],
  ]);
}

/** `setCruiseControl`: only with the engine running, at a multiple of 5 up to 120. */
export function cruise(self: VehicleState, speedArg: PyObj, activate: PyObj, distanceArg: PyObj): PyObj {
  const distance = pyFloat(distanceArg);
  const speed = pyFloat(speedArg);
  if (self.get("engine_state") === "stopped")
    return errorResult("Start the engine before activating the cruise control.");
  self.set("distanceToNextVehicle", distance);
  if (pyTruthy(activate)) {
    if (speed < 0 || speed > 120 || !pyEquals(pyMod(speed, 5n), 0n)) return errorResult("Invalid speed");
    self.set("cruiseStatus", "active");
  } else self.set("cruiseStatus", "inactive");
  return new PyDict([
    ["cruiseStatus", pyTruthy(activate) ? "active" : "inactive"],
    ["currentSpeed", speed],
    ["distanceToNextVehicle", distance],
  ]);
}
