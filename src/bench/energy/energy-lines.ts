/**
 * The terminal lines of a bench's energy: joules per token of each test with the source and mean
 * power, or "not available" with the reason. Shared by the in-process and the server bench tables.
 */
import type { BenchEnergy, TestEnergy } from "./test-energy.js";

/** A test's name as the table shows it, and its energy. */
export interface EnergyLineInput {
  name: string;
  energy?: TestEnergy;
}

function joules(value: number): string {
  return value >= 1
    ? `${value.toFixed(2)} J`
    : value >= 1e-3
      ? `${(value * 1e3).toFixed(2)} mJ`
      : `${(value * 1e6).toFixed(1)} µJ`;
}

/** The energy lines; none when the report has no energy part (older documents). */
export function energyLines(energy: BenchEnergy | undefined, tests: readonly EnergyLineInput[]): string[] {
  if (energy === undefined) return [];
  if (energy.source === null) return [`energy: ${energy.reason}`];
  const figures = tests.map(({ name, energy: test }) =>
    test === undefined
      ? `${name} n/a`
      : test.source === null
        ? `${name} n/a (${test.reason})`
        : `${name} ${joules(test.joulesPerToken)}/token (${test.watts.toFixed(1)} W)`,
  );
  return [`energy (${energy.label}, whole machine, an upper bound): ${figures.join(", ")}`];
}
