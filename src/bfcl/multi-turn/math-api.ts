/**
 * BFCL's stateless `MathAPI`. Results keep Python's int/float kinds (`add(a=1, b=2)` gives 3,
 * `add(a=1.0, b=2)` gives 3.0). `logarithm` returns an mpmath `mpf` and `square_root` a `Decimal`,
 * which `json.dumps` rejects, so BFCL records them through `str()` (`{'result': mpf('2.0')}`);
 * edgecall computes both in doubles rounded to the requested precision, which matches for the
 * precisions BFCL's data asks (up to about 15 digits) but not beyond.
 */
import { type ApiMethod, type MultiTurnApi, methodTable, params } from "./api-class.js";
import { errorResult } from "./error-result.js";
import { mpmathLogRatioRepr } from "./mpmath-log.js";
import { isNumber, opaque, PyDict, PyException, type PyObj, pyError, pyTruthy } from "./py-object.js";
import { asFloat, pyAbs, pyAdd, pyCompare, pyDiv, pyMul, pySub, roundFloat } from "./py-ops.js";

const result = (value: PyObj): PyDict => new PyDict([["result", value]]);

/** Runs `body`, turning a Python TypeError into `{"error": message}` (the classes' `except TypeError`). */
function exceptTypeError(message: string, body: () => PyObj): PyObj {
  try {
    return body();
  } catch (caught) {
    if (caught instanceof PyException && caught.pyType === "TypeError") return errorResult(message);
    throw caught;
  }
}

function sequence(value: PyObj): PyObj[] {
  if (Array.isArray(value)) return value;
  throw pyError("TypeError", `'${typeof value}' object is not iterable`);
}

function pySum(numbers: PyObj[]): PyObj {
  return numbers.reduce<PyObj>((total, item) => pyAdd(total, item), 0n);
}

function decimalRepr(value: number, precision: number): string {
  const digits = Math.max(1, Math.min(precision, 100));
  let text = value.toPrecision(Math.min(digits, 100));
  if (Number.isInteger(value) && Math.abs(value) < 1e15) text = String(value);
  return `Decimal('${text}')`;
}

/** The Math API. */
export class MathApi implements MultiTurnApi {
  private static readonly table = methodTable<MathApi>([
    [
      "logarithm",
      params("value", "base", "precision"),
      (self, [value, base, precision]) => self.logarithm(value!, base!, precision!),
    ],
    ["mean", params("numbers"), (self, [numbers]) => self.mean(numbers!)],
    ["standard_deviation", params("numbers"), (self, [numbers]) => self.standardDeviation(numbers!)],
    [
      "si_unit_conversion",
      params("value", "unit_in", "unit_out"),
      (self, [v, a, b]) => self.siConversion(v!, a!, b!),
    ],
    [
      "imperial_si_conversion",
      params("value", "unit_in", "unit_out"),
      (self, [v, a, b]) => self.imperialConversion(v!, a!, b!),
    ],
    [
      "add",
      params("a", "b"),
      (_self, [a, b]) => exceptTypeError("Both inputs must be numbers", () => result(pyAdd(a!, b!))),
    ],
    [
      "subtract",
      params("a", "b"),
      (_self, [a, b]) => exceptTypeError("Both inputs must be numbers", () => result(pySub(a!, b!))),
    ],
    ["multiply", params("a", "b"), (self, [a, b]) => self.multiply(a!, b!)],
    ["divide", params("a", "b"), (self, [a, b]) => self.divide(a!, b!)],
    [
      "power",
      params("base", "exponent"),
      (_self, [a, b]) => exceptTypeError("Both inputs must be numbers", () => result(power(a!, b!))),
    ],
    [
      "square_root",
      params("number", "precision"),
      (self, [number, precision]) => self.squareRoot(number!, precision!),
    ],
    [
      "absolute_value",
      params("number"),
      (_self, [number]) => exceptTypeError("Input must be a number", () => result(pyAbs(number!))),
    ],
    [
      "round_number",
      params("number", ["decimal_places", 0n]),
      (self, [number, places]) => self.roundNumber(number!, places!),
    ],
    ["percentage", params("part", "whole"), (self, [part, whole]) => self.percentage(part!, whole!)],
    [
      "min_value",
      params("numbers"),
      (self, [numbers]) => self.extreme(numbers!, "<", "Cannot find minimum of an empty list"),
    ],
    [
      "max_value",
      params("numbers"),
      (self, [numbers]) => self.extreme(numbers!, ">", "Cannot find maximum of an empty list"),
    ],
    ["sum_values", params("numbers"), (self, [numbers]) => self.sumValues(numbers!)],
  ]);

  get methods(): ReadonlyMap<string, ApiMethod<MathApi>> {
    return MathApi.table;
  }

  readonly className = "MathAPI";

  loadScenario(): void {}

  state(): Array<[string, PyObj]> {
    return [];
  }

  private logarithm(value: PyObj, base: PyObj, precision: PyObj): PyObj {
    if (!isNumber(value) || !isNumber(base) || !isNumber(precision)) return errorResult("cannot create mpf");
    const text = mpmathLogRatioRepr(asFloat(value), asFloat(base), asFloat(precision));
    return new PyDict([["result", opaque("mpf", text)]]);
  }

  private mean(numbers: PyObj): PyObj {
    if (!pyTruthy(numbers)) return errorResult("Cannot calculate mean of an empty list");
    return exceptTypeError("All elements in the list must be numbers", () => {
      const items = sequence(numbers);
      return result(pyDiv(pySum(items), BigInt(items.length)));
    });
  }

  private standardDeviation(numbers: PyObj): PyObj {
    if (!pyTruthy(numbers)) return errorResult("Cannot calculate standard deviation of an empty list");
    return exceptTypeError("All elements in the list must be numbers", () => {
      const items = sequence(numbers);
      const mean = pyDiv(pySum(items), BigInt(items.length));
      const squares = items.map((item) => power(pySub(item, mean), 2n));
      const variance = pyDiv(pySum(squares), BigInt(items.length));
      return result(Math.sqrt(asFloat(variance as number)));
    });
  }

  private siConversion(value: PyObj, unitIn: PyObj, unitOut: PyObj): PyObj {
    const toMeters = new PyDict([
      ["km", 1000n],
      ["m", 1n],
      ["cm", 0.01],
      ["mm", 0.001],
      ["um", 1e-6],
      ["nm", 1e-9],
    ]);
    if (!isNumber(value)) return errorResult("Value must be a number");
    if (!toMeters.has(unitIn) || !toMeters.has(unitOut))
      return errorResult(`Conversion from '${String(unitIn)}' to '${String(unitOut)}' is not supported`);
    const fromMeters = 1 / asFloat(toMeters.get(unitOut) as bigint | number);
    return result(pyMul(pyMul(value, toMeters.get(unitIn) as PyObj), fromMeters));
  }

  private imperialConversion(value: PyObj, unitIn: PyObj, unitOut: PyObj): PyObj {
    const factors: Record<string, number> = {
      cm_to_in: 0.393701,
      in_to_cm: 2.54,
      m_to_ft: 3.28084,
      ft_to_m: 0.3048,
      m_to_yd: 1.09361,
      yd_to_m: 0.9144,
      km_to_miles: 0.621371,
      miles_to_km: 1.60934,
      kg_to_lb: 2.20462,
      lb_to_kg: 0.453592,
      celsius_to_fahrenheit: 1.8,
      fahrenheit_to_celsius: 5 / 9,
    };
    if (!isNumber(value)) return errorResult("Value must be a number");
    if (unitIn === unitOut) return result(value);
    const key = `${String(unitIn)}_to_${String(unitOut)}`;
    const factor = Object.hasOwn(factors, key) ? factors[key] : undefined;
    if (factor === undefined)
      return errorResult(`Conversion from '${String(unitIn)}' to '${String(unitOut)}' is not supported`);
    if (unitIn === "celsius" && unitOut === "fahrenheit") return result(pyAdd(pyMul(value, factor), 32n));
    if (unitIn === "fahrenheit" && unitOut === "celsius") return result(pyMul(pySub(value, 32n), factor));
    return result(pyMul(value, factor));
  }

  private multiply(a: PyObj, b: PyObj): PyObj {
    if (!isNumber(a) || !isNumber(b)) return errorResult("Both inputs must be numbers");
    return result(pyMul(a, b));
  }

  private divide(a: PyObj, b: PyObj): PyObj {
    return exceptTypeError("Both inputs must be numbers", () => {
      if (isNumber(b) && asFloat(b) === 0) return errorResult("Cannot divide by zero");
      return result(pyDiv(a, b));
    });
  }

  private squareRoot(number: PyObj, precision: PyObj): PyObj {
    const invalid = "Input must be a number or computation resulted in an invalid operation";
    if (!isNumber(number)) return errorResult(invalid);
    if (pyCompare("<", number, 0n)) return errorResult("Cannot calculate square root of a negative number");
    if (typeof precision !== "bigint") return errorResult(invalid);
    const root = Math.sqrt(asFloat(number));
    return new PyDict([["result", opaque("Decimal", decimalRepr(root, Number(precision)))]]);
  }

  private roundNumber(number: PyObj, places: PyObj): PyObj {
    if (!isNumber(number) || typeof places !== "bigint")
      return errorResult("First input must be a number, second input must be an integer");
    if (typeof number !== "number") {
      if (places >= 0n) return result(typeof number === "boolean" ? BigInt(number) : number);
      const unit = 10n ** -places;
      const value = typeof number === "boolean" ? BigInt(number) : number;
      const low = value - (((value % unit) + unit) % unit);
      const rest = value - low;
      const up = rest * 2n > unit || (rest * 2n === unit && (low / unit) % 2n !== 0n);
      return result(up ? low + unit : low);
    }
    if (places < 0n) {
      const unit = 10 ** Number(-places);
      return result(roundFloat(number / unit, 0) * unit);
    }
    return result(roundFloat(number, Number(places)));
  }

  private percentage(part: PyObj, whole: PyObj): PyObj {
    return exceptTypeError("Both inputs must be numbers", () => {
      if (isNumber(whole) && asFloat(whole) === 0) return errorResult("Whole value cannot be zero");
      return result(pyMul(pyDiv(part, whole), 100n));
    });
  }

  private extreme(numbers: PyObj, op: "<" | ">", empty: string): PyObj {
    if (!pyTruthy(numbers)) return errorResult(empty);
    return exceptTypeError("All elements in the list must be numbers", () => {
      const items = sequence(numbers);
      let best = items[0] as PyObj;
      for (const item of items.slice(1)) if (pyCompare(op, item, best)) best = item;
      return result(best);
    });
  }

  private sumValues(numbers: PyObj): PyObj {
    if (!pyTruthy(numbers)) return errorResult("Cannot calculate sum of an empty list");
    return exceptTypeError("All elements in the list must be numbers", () =>
      result(pySum(sequence(numbers))),
    );
  }
}

/** Python's `base ** exponent` for numbers. */
function power(base: PyObj, exponent: PyObj): PyObj {
  if (!isNumber(base) || !isNumber(exponent))
    throw pyError("TypeError", "unsupported operand type(s) for ** or pow()");
  const a = typeof base === "boolean" ? BigInt(base) : base;
  const b = typeof exponent === "boolean" ? BigInt(exponent) : exponent;
  if (typeof a === "bigint" && typeof b === "bigint") {
    if (b >= 0n) return a ** b;
    if (a === 0n) throw pyError("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    return Number(a) ** Number(b);
  }
  const x = asFloat(a);
  const y = asFloat(b);
  if (x === 0 && y < 0) throw pyError("ZeroDivisionError", "0.0 cannot be raised to a negative power");
  if (y === 2) return x * x;
  return x ** y;
}
