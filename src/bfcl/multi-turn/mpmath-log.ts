/**
 * `repr(mpmath.log(value) / mpmath.log(base))` at `mp.dps = precision`, as BFCL's
 * `MathAPI.logarithm` returns it: both logarithms and the quotient correctly rounded to
 * `dps_to_prec(precision)` bits (round half to even), printed by mpmath's `to_str` with
 * `repr_dps(prec)` digits. Computed in doubles, so exact for precisions up to about 14 digits
 * (53-bit intermediates) and approximate beyond.
 */

/** `dps_to_prec`. */
export function dpsToPrec(dps: number): number {
  return Math.max(1, Math.round((Math.trunc(dps) + 1) * 3.3219280948873626));
}

function reprDps(prec: number): number {
  const dps = Math.max(1, Math.round(prec / 3.3219280948873626) - 1);
  return dps === 15 ? 17 : dps + 3;
}

/** Rounds a double to `bits` significant bits, half to even. */
export function roundToBits(value: number, bits: number): number {
  if (!Number.isFinite(value) || value === 0 || bits >= 53) return value;
  const exponent = Math.floor(Math.log2(Math.abs(value))) + 1;
  let scale = 2 ** (bits - exponent);
  let scaled = value * scale;
  // log2 can be off by one near powers of two.
  if (Math.abs(scaled) >= 2 ** bits) {
    scale /= 2;
    scaled = value * scale;
  } else if (Math.abs(scaled) < 2 ** (bits - 1)) {
    scale *= 2;
    scaled = value * scale;
  }
  const floor = Math.floor(scaled);
  const rest = scaled - floor;
  const rounded = rest > 0.5 || (rest === 0.5 && floor % 2 !== 0) ? floor + 1 : floor;
  return rounded / scale;
}

/** The exact decimal digits and exponent (of the leading digit) of a positive finite double. */
function decimalDigits(value: number): { digits: string; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const exponentBits = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & ((1n << 52n) - 1n);
  let binaryExponent = -1074;
  if (exponentBits !== 0) {
    mantissa |= 1n << 52n;
    binaryExponent = exponentBits - 1075;
  }
  let numerator = mantissa;
  let scale = 0;
  if (binaryExponent >= 0) numerator <<= BigInt(binaryExponent);
  else {
    numerator *= 5n ** BigInt(-binaryExponent);
    scale = -binaryExponent;
  }
  const digits = numerator.toString();
  return { digits: digits.replace(/0+$/, "") || "0", exponent: digits.length - 1 - scale };
}

/** mpmath's `to_str(x, dps)` with its defaults. */
export function mpmathToStr(value: number, dps: number): string {
  if (value === 0) return "0.0";
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value > 0 ? "+inf" : "-inf";
  const sign = value < 0 ? "-" : "";
  let { digits, exponent } = decimalDigits(Math.abs(value));
  digits = digits.slice(0, dps + 3).padEnd(dps + 3, "0");
  if (digits.length > dps && "56789".includes(digits[dps] as string)) {
    let kept = digits.slice(0, dps);
    let index = dps - 1;
    while (index >= 0 && kept[index] === "9") index -= 1;
    if (index >= 0)
      kept = kept.slice(0, index) + String(Number(kept[index]) + 1) + "0".repeat(dps - index - 1);
    else {
      kept = `1${"0".repeat(dps - 1)}`;
      exponent += 1;
    }
    digits = kept;
  } else digits = digits.slice(0, dps);
  const minFixed = Math.min(-Math.floor(dps / 3), -5);
  let split = 1;
  if (minFixed < exponent && exponent < dps) {
    if (exponent < 0) digits = "0".repeat(-exponent) + digits;
    else {
      split = exponent + 1;
      if (split > dps) digits += "0".repeat(split - dps);
    }
    exponent = 0;
  }
  let text = `${digits.slice(0, split)}.${digits.slice(split)}`.replace(/0+$/, "");
  if (text.endsWith(".")) text += "0";
  if (exponent === 0) return sign + text;
  return `${sign}${text}e${exponent > 0 ? "+" : ""}${exponent}`;
}

/** The `mpf(...)` repr of `log(value) / log(base)` at `dps` decimal digits. */
export function mpmathLogRatioRepr(value: number, base: number, dps: number): string {
  const prec = dpsToPrec(dps);
  const quotient = roundToBits(roundToBits(Math.log(value), prec) / roundToBits(Math.log(base), prec), prec);
  return `mpf('${mpmathToStr(quotient, reprDps(prec))}')`;
}
