/**
 * BFCL's `VehicleControlAPI`: engine, fuel, doors, climate, lights, brakes, cruise control, tire
 * pressure and navigation. Readings (`get_current_speed`, outside temperature) are
 * `uniform` draws from `random.Random(random_seed)` (default 141053), as in the Python class.
 * Private attributes (`_brakePedalForce`, `_parkingBrakeForce`, `_slopeAngle`) are state but are
 * not compared, as BFCL skips `_` names.
 */
import { type ApiContext, type ApiMethod, type MultiTurnApi, methodTable, params } from "./api-class.js";
import { longContextValue } from "./long-context.js";
import { PyDict, type PyObj, pyContains, pyEquals, pyError, pyTruthy, pyTypeName } from "./py-object.js";
import { pyAdd, pyCompare, pyDiv, pyFloat, pyMod, pyMul, pySub } from "./py-ops.js";
import { pyReprOf } from "./py-render.js";
import { PythonRandom } from "./python-random.js";

const error = (text: string): PyDict => new PyDict([["error", text]]);
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

type Field =
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

/** The vehicle control API. */
export class VehicleControlApi implements MultiTurnApi {
  private static readonly table = methodTable<VehicleControlApi>([
    ["startEngine", params("ignitionMode"), (self, [mode]) => self.startEngine(mode!)],
    ["fillFuelTank", params("fuelAmount"), (self, [amount]) => self.fillFuel(amount!)],
    ["lockDoors", params("unlock", "door"), (self, [unlock, door]) => self.lockDoors(unlock!, door!)],
    [
      "adjustClimateControl",
      params("temperature", ["unit", "celsius"], ["fanSpeed", 50n], ["mode", "auto"]),
      (self, [t, u, f, m]) => self.climate(t!, u!, f!, m!),
    ],
    ["get_outside_temperature_from_google", params(), (self) => self.googleTemperature()],
    ["get_outside_temperature_from_weather_com", params(), (_self) => new PyDict([["error", 404n]])],
    ["setHeadlights", params("mode"), (self, [mode]) => self.headlights(mode!)],
    ["displayCarStatus", params("option"), (self, [option]) => self.status(option!)],
    ["activateParkingBrake", params("mode"), (self, [mode]) => self.parkingBrake(mode!)],
    ["pressBrakePedal", params("pedalPosition"), (self, [position]) => self.pressBrake(position!)],
    ["releaseBrakePedal", params(), (self) => self.releaseBrake()],
    [
      "setCruiseControl",
      params("speed", "activate", "distanceToNextVehicle"),
      (self, [s, a, d]) => self.cruise(s!, a!, d!),
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
      (self, [distance]) => self.feasible(distance!),
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
    ["estimate_distance", params("cityA", "cityB"), (self, [a, b]) => self.distance(a!, b!)],
    ["get_zipcode_based_on_city", params("city"), (self, [city]) => self.zipcode(city!)],
    ["set_navigation", params("destination"), (self, [place]) => self.navigate(place!)],
    ["check_tire_pressure", params(), (self) => self.tires()],
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
  private random = new PythonRandom(141053n);
  private readonly values = new Map<Field, PyObj>();
  private parkingBrakeForce: PyObj = 0.0;
  private slopeAngle: PyObj = 0.0;
  private brakePedalForce: PyObj = 0.0;

  constructor(private readonly context: ApiContext) {}

  private get(field: Field): PyObj {
    return this.values.get(field) as PyObj;
  }
  private set(field: Field, value: PyObj): void {
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

  private get longContext(): boolean {
    return this.get("long_context") === true;
  }

  private startEngine(mode: PyObj): PyObj {
    if (mode === "STOP") this.set("engine_state", "stopped");
    if (pyCompare(">", this.get("remainingUnlockedDoors"), 0n)) {
      const doors = this.get("doorStatus") as PyDict;
      const unlocked = doors.keys().filter((door) => doors.get(door) === "unlocked");
      return error(
        `All doors must be locked before starting the engine. Here are the unlocked doors: ${unlocked.join(", ")}`,
      );
    }
    if (this.get("brakePedalStatus") !== "pressed")
      return error("Brake pedal needs to be pressed when starting the engine.");
    if (!pyEquals(this.brakePedalForce, 1000.0))
      return error("Must press the brake fully before starting the engine.");
    if (pyCompare("<", this.get("fuelLevel"), 0.0)) return error("Fuel tank is empty.");
    if (mode !== "START") return error("Invalid ignition mode.");
    this.set("engine_state", "running");
    return new PyDict([
      ["engineState", this.get("engine_state")],
      ["fuelLevel", this.get("fuelLevel")],
      ["batteryVoltage", this.get("batteryVoltage")],
    ]);
  }

  private fillFuel(amount: PyObj): PyObj {
    if (pyCompare("<", amount, 0n)) return error("Fuel amount cannot be negative.");
    const total = pyAdd(this.get("fuelLevel"), amount);
    if (pyCompare(">", total, 50n)) return error("Cannot fill gas above the tank capacity.");
    if (pyCompare("<", total, 0.0)) return error("Fuel tank is empty. Min fuel level is 0 gallons.");
    this.set("fuelLevel", total);
    return new PyDict([["fuelLevel", total]]);
  }

  private lockDoors(unlock: PyObj, door: PyObj): PyObj {
    const doors = this.get("doorStatus") as PyDict;
    const wanted = pyTruthy(unlock) ? "unlocked" : "locked";
    const list = Array.isArray(door) ? door : typeof door === "string" ? [...door] : [];
    for (const name of list) {
      if (!doors.has(name)) throw pyError("KeyError", pyReprOf(name));
      if (doors.get(name) === wanted) continue;
      doors.set(name, wanted);
      const delta = wanted === "unlocked" ? 1n : -1n;
      this.set("remainingUnlockedDoors", pyAdd(this.get("remainingUnlockedDoors"), delta));
    }
    return new PyDict([
      ["lockStatus", wanted],
      ["remainingUnlockedDoors", this.get("remainingUnlockedDoors")],
    ]);
  }

  private climate(temperature: PyObj, unit: PyObj, fanSpeed: PyObj, mode: PyObj): PyObj {
    if (!(pyCompare("<=", 0n, fanSpeed) && pyCompare("<=", fanSpeed, 100n)))
      return error("Fan speed must be between 0 and 100.");
    this.set("acTemperature", temperature);
    if (unit === "fahrenheit") this.set("acTemperature", pyDiv(pyMul(pySub(temperature, 32n), 5n), 9n));
    this.set("fanSpeed", fanSpeed);
    this.set("acMode", mode);
    return new PyDict([
      ["currentACTemperature", temperature],
      ["climateMode", mode],
      ["humidityLevel", this.get("humidityLevel")],
    ]);
  }

  private googleTemperature(): PyObj {
    if (this.longContext) {
      const weather = longContextValue(this.context, "LONG_WEATHER_EXTENSION") as PyDict;
      weather.set("outsideTemperature", this.random.uniform(-10.0, 40.0));
      return weather;
    }
    return new PyDict([["outsideTemperature", this.random.uniform(-10.0, 40.0)]]);
  }

  private headlights(mode: PyObj): PyObj {
    if (!pyContains(["on", "off", "auto"], mode)) return error("Invalid headlight mode.");
    const next = mode === "on" ? "on" : "off";
    this.set("headLightStatus", next);
    return new PyDict([["headlightStatus", next]]);
  }

  private status(option: PyObj): PyObj {
    const status = new PyDict();
    if (this.longContext)
      status.set("metadata", longContextValue(this.context, "CAR_STATUS_METADATA_EXTENSION"));
    const views: Record<string, Array<[string, () => PyObj]>> = {
      fuel: [["fuelLevel", () => this.get("fuelLevel")]],
      battery: [["batteryVoltage", () => this.get("batteryVoltage")]],
      doors: [["doorStatus", () => this.get("doorStatus")]],
      climate: [
        ["currentACTemperature", () => this.get("acTemperature")],
        ["fanSpeed", () => this.get("fanSpeed")],
        ["climateMode", () => this.get("acMode")],
        ["humidityLevel", () => this.get("humidityLevel")],
      ],
      headlights: [["headlightStatus", () => this.get("headLightStatus")]],
      parkingBrake: [
        ["parkingBrakeStatus", () => this.get("parkingBrakeStatus")],
        ["parkingBrakeForce", () => this.parkingBrakeForce],
        ["slopeAngle", () => this.slopeAngle],
      ],
      brakePedal: [
        ["brakePedalStatus", () => this.get("brakePedalStatus")],
        ["brakePedalForce", () => this.brakePedalForce],
      ],
      engine: [["engineState", () => this.get("engine_state")]],
    };
    const view = typeof option === "string" && Object.hasOwn(views, option) ? views[option] : undefined;
    if (view === undefined) status.set("error", "Invalid option");
    else for (const [key, read] of view) status.set(key, read());
    return status;
  }

  private parkingBrake(mode: PyObj): PyObj {
    if (mode !== "engage" && mode !== "release") return error("Invalid mode");
    const engaged = mode === "engage";
    this.set("parkingBrakeStatus", engaged ? "engaged" : "released");
    this.parkingBrakeForce = engaged ? 500.0 : 0.0;
    this.slopeAngle = 10.0;
    const result = new PyDict();
    if (this.longContext)
      result.set("parkingBrakeInstruction", longContextValue(this.context, "PARKING_BRAKE_INSTRUCTION"));
    result.set("parkingBrakeStatus", engaged ? "engaged" : "released");
    result.set("_parkingBrakeForce", engaged ? 500.0 : 0.0);
    result.set("_slopeAngle", 10.0);
    return result;
  }

  private pressBrake(position: PyObj): PyObj {
    if (!(pyCompare("<=", 0n, position) && pyCompare("<=", position, 1n)))
      return error("Pedal position must be between 0 and 1.");
    if (pyEquals(position, 0n)) return this.releaseBrake();
    const force = pyMul(position, 1000n);
    this.set("brakePedalStatus", "pressed");
    this.brakePedalForce = force;
    return new PyDict([
      ["brakePedalStatus", "pressed"],
      ["brakePedalForce", pyFloat(force)],
    ]);
  }

  private releaseBrake(): PyObj {
    this.set("brakePedalStatus", "released");
    this.brakePedalForce = 0.0;
    return new PyDict([
      ["brakePedalStatus", "released"],
      ["brakePedalForce", 0.0],
    ]);
  }

  private cruise(speedArg: PyObj, activate: PyObj, distanceArg: PyObj): PyObj {
    const distance = pyFloat(distanceArg);
    const speed = pyFloat(speedArg);
    if (this.get("engine_state") === "stopped")
      return error("Start the engine before activating the cruise control.");
    this.set("distanceToNextVehicle", distance);
    if (pyTruthy(activate)) {
      if (speed < 0 || speed > 120 || !pyEquals(pyMod(speed, 5n), 0n)) return error("Invalid speed");
      this.set("cruiseStatus", "active");
    } else this.set("cruiseStatus", "inactive");
    return new PyDict([
      ["cruiseStatus", pyTruthy(activate) ? "active" : "inactive"],
      ["currentSpeed", speed],
      ["distanceToNextVehicle", distance],
    ]);
  }

  private feasible(distance: PyObj): PyObj {
    return new PyDict([["canDrive", !pyCompare("<", pyMul(this.get("fuelLevel"), 20.0), distance)]]);
  }

  private distance(a: PyObj, b: PyObj): PyObj {
    const row = distances.find(([x, y]) => (a === x && b === y) || (a === y && b === x));
    const result = row ? new PyDict([["distance", row[2]]]) : error("distance not found in database.");
    if (this.longContext)
      result.set("intermediaryCities", longContextValue(this.context, "INTERMEDIARY_CITIES"));
    return result;
  }

  private zipcode(city: PyObj): PyObj {
    const code = typeof city === "string" && Object.hasOwn(zipcodes, city) ? zipcodes[city] : undefined;
    return new PyDict([["zipcode", code ?? "00000"]]);
  }

  private navigate(place: PyObj): PyObj {
    this.set("destination", place);
    if (typeof place !== "string")
      throw pyError("TypeError", `can only concatenate str (not "${pyTypeName(place)}") to str`);
    return new PyDict([["status", `Navigating to ${place}`]]);
  }

  private tires(): PyObj {
    const sum = [
      "frontLeftTirePressure",
      "frontRightTirePressure",
      "rearLeftTirePressure",
      "rearRightTirePressure",
    ]
      .map((field) => this.get(field as Field))
      .reduce((total, value) => pyAdd(total, value));
    const mean = pyDiv(sum, 4n);
    const healthy = pyCompare("<=", 30n, mean) && pyCompare("<=", mean, 35n);
    return new PyDict([
      ["frontLeftTirePressure", this.get("frontLeftTirePressure")],
      ["frontRightTirePressure", this.get("frontRightTirePressure")],
      ["rearLeftTirePressure", this.get("rearLeftTirePressure")],
      ["rearRightTirePressure", this.get("rearRightTirePressure")],
      ["healthy_tire_pressure", healthy],
      [
        "car_info",
        this.longContext
          ? (longContextValue(this.context, "CAR_STATUS_METADATA_EXTENSION") as PyObj)
          : new PyDict(),
      ],
    ]);
  }
}
