/**
 * Parsers for numeric and enumerated CLI option values. Each throws a commander usage error
 * (exit 2) that names the option and the bad value.
 */
import { InvalidArgumentError } from "commander";

/** A whole number in [`minimum`, `maximum`] (default: 1 and up). */
export function integerOption(minimum = 1, maximum = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value) => {
    if (!/^-?\d+$/.test(value.trim()))
      throw new InvalidArgumentError(`expected a whole number, got '${value}'`);
    const parsed = Number.parseInt(value, 10);
    if (!Number.isSafeInteger(parsed) || parsed < minimum) {
      throw new InvalidArgumentError(`expected a whole number >= ${minimum}, got '${value}'`);
    }
    if (parsed > maximum)
      throw new InvalidArgumentError(`expected a whole number <= ${maximum}, got '${value}'`);
    return parsed;
  };
}

/** A finite number inside [minimum, maximum]. */
export function numberOption(minimum: number, maximum: number): (value: string) => number {
  return (value) => {
    const parsed = Number(value);
    if (value.trim() === "" || !Number.isFinite(parsed) || parsed < minimum || parsed > maximum) {
      throw new InvalidArgumentError(`expected a number from ${minimum} to ${maximum}, got '${value}'`);
    }
    return parsed;
  };
}

/** One of `choices`. */
export function choiceOption<T extends string>(choices: readonly T[]): (value: string) => T {
  return (value) => {
    if (!(choices as readonly string[]).includes(value)) {
      throw new InvalidArgumentError(`expected one of ${choices.join(", ")}, got '${value}'`);
    }
    return value as T;
  };
}

/** `--shard i/n`: shard i (from 1) of n. */
export function shardOption(value: string): { index: number; count: number } {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const index = match ? Number.parseInt(match[1]!, 10) : Number.NaN;
  const count = match ? Number.parseInt(match[2]!, 10) : Number.NaN;
  if (!match || count < 1 || index < 1 || index > count) {
    throw new InvalidArgumentError(`expected i/n with 1 <= i <= n (e.g. 2/4), got '${value}'`);
  }
  if (count > 10_000) throw new InvalidArgumentError(`at most 10000 shards, got '${value}'`);
  return { index, count };
}
