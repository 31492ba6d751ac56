/**
 * Python's `repr()` and `str()` of checker values, so that error messages read as BFCL writes
 * them (`Invalid value for parameter 'unit': 'cm'. Expected one of ['inch'].`).
 */
import type { PyValue } from "./py-value.js";

const nonPrintable = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, "0");
}

/** Python's `repr(text)`: single quotes unless the text has a `'` and no `"`. */
export function pyStrRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === quote || char === "\\") out += `\\${char}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (char !== " " && nonPrintable.test(char)) {
      if (code < 0x100) out += `\\x${hex(code, 2)}`;
      else if (code < 0x10000) out += `\\u${hex(code, 4)}`;
      else out += `\\U${hex(code, 8)}`;
    } else out += char;
  }
  return out + quote;
}

/** Python's `repr(data)` of a bytes value whose characters are the byte values 0-255. */
export function pyBytesRepr(data: string): string {
  const quote = data.includes("'") && !data.includes('"') ? '"' : "'";
  let out = `b${quote}`;
  for (let index = 0; index < data.length; index += 1) {
    const code = data.charCodeAt(index);
    const char = data[index] as string;
    if (char === quote || char === "\\") out += `\\${char}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (code < 0x20 || code >= 0x7f) out += `\\x${hex(code, 2)}`;
    else out += char;
  }
  return out + quote;
}

/**
 * Python's `repr(number)` of a float: the shortest digits that round-trip, positional for
 * exponents -4..15, otherwise `1e+16` / `1e-05` style; always a `.0` when integral.
 */
export function pyFloatRepr(value: number): string {
  if (Number.isNaN(value)) return "nan";
  if (value === Number.POSITIVE_INFINITY) return "inf";
  if (value === Number.NEGATIVE_INFINITY) return "-inf";
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const sign = value < 0 ? "-" : "";
  const [mantissa = "0", exponentText = "0"] = Math.abs(value).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : "";
    const magnitude = String(Math.abs(exponent)).padStart(2, "0");
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? "-" : "+"}${magnitude}`;
  }
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  const whole =
    digits.length > exponent + 1 ? digits.slice(0, exponent + 1) : digits.padEnd(exponent + 1, "0");
  const fraction = digits.length > exponent + 1 ? digits.slice(exponent + 1) : "0";
  return `${sign}${whole}.${fraction}`;
}

function complexRepr(real: number, imag: number): string {
  const imagText = `${pyFloatShort(imag)}j`;
  if (real === 0 && !Object.is(real, -0)) return imagText;
  const sign = imag < 0 || Object.is(imag, -0) || Number.isNaN(imag) ? "" : "+";
  return `(${pyFloatShort(real)}${sign}${imagText})`;
}

/** A float as `complex.__repr__` writes its parts: no `.0` on integral values. */
function pyFloatShort(value: number): string {
  const text = pyFloatRepr(value);
  return text.endsWith(".0") ? text.slice(0, -2) : text;
}

/** Python's `repr(value)`. */
export function pyRepr(value: PyValue): string {
  switch (value.kind) {
    case "int":
      return value.value.toString();
    case "float":
      return pyFloatRepr(value.value);
    case "complex":
      return complexRepr(value.real, value.imag);
    case "str":
      return pyStrRepr(value.value);
    case "bytes":
      return pyBytesRepr(value.value);
    case "bool":
      return value.value ? "True" : "False";
    case "none":
      return "None";
    case "list":
      return `[${value.items.map(pyRepr).join(", ")}]`;
    case "tuple":
      return value.items.length === 1
        ? `(${pyRepr(value.items[0] as PyValue)},)`
        : `(${value.items.map(pyRepr).join(", ")})`;
    case "dict":
      return `{${value.keys.map((key, index) => `${pyRepr(key)}: ${pyRepr(value.values[index] as PyValue)}`).join(", ")}}`;
  }
}

/** Python's `str(value)`: the text itself for a str, otherwise its repr. */
export function pyStrOf(value: PyValue): string {
  return value.kind === "str" ? value.value : pyRepr(value);
}
