/**
 * A bench test's energy in the bench JSON: what the machine's counters (energy-counters.ts) said
 * between the first and the last timed run of the test, per token, or why there is no figure. The
 * counters measure the whole machine (every process, idle power included), so a figure is an upper
 * bound of what the model itself drew; for a remote server they measure this machine, not the
 * server, and no figure is given.
 */
import type { EnergyDelta, EnergyMeter, EnergyMeterChoice, EnergySample } from "./energy-counters.js";

/** A test's energy: joules over its timed runs, per token, and the mean power; or why none. */
export type TestEnergy =
  | {
      source: "rapl" | "battery";
      label: string;
      joules: number;
      seconds: number;
      watts: number;
      /** joules ÷ the tokens of the timed runs (prompt tokens for pp, generated tokens for tg). */
      joulesPerToken: number;
    }
  | { source: null; reason: string };

/** The report-level energy line: the source used, or why there is none. */
export type BenchEnergy =
  | { source: "rapl" | "battery"; label: string; note: string }
  | { source: null; reason: string };

/** What the counters cover, for every report that has a figure. */
export const energyNote =
  "the machine's own counters, read before the first and after the last timed run of each test: they count the whole machine " +
  "(other processes and idle power included), so J/token is an upper bound of the model's own";

/** The report's energy from a meter choice. */
export function benchEnergy(choice: EnergyMeterChoice): BenchEnergy {
  if (choice.meter) return { source: choice.meter.source, label: choice.meter.label, note: energyNote };
  return { source: null, reason: `not available: ${choice.unavailable.join("; ")}` };
}

/** The energy of `tokens` tokens from a delta of `meter`. */
export function testEnergy(meter: EnergyMeter, delta: EnergyDelta, tokens: number): TestEnergy {
  if ("reason" in delta) return { source: null, reason: delta.reason };
  const round = (value: number, digits: number) => Number(value.toPrecision(digits));
  return {
    source: meter.source,
    label: meter.label,
    joules: round(delta.joules, 6),
    seconds: round(delta.seconds, 6),
    watts: delta.seconds > 0 ? round(delta.joules / delta.seconds, 4) : 0,
    joulesPerToken: tokens > 0 ? round(delta.joules / tokens, 4) : 0,
  };
}

/** Reads a meter around a test: `start()` before its first timed run, `finish(tokens)` after the last. */
export class TestEnergyWindow {
  private before: EnergySample | undefined;

  constructor(private readonly choice: EnergyMeterChoice) {}

  /** Samples the counters (no-op without a meter). */
  start(): void {
    this.before = this.choice.meter?.sample();
  }

  /** The test's energy for `tokens` tokens of timed runs. */
  finish(tokens: number): TestEnergy {
    const meter = this.choice.meter;
    if (!meter) return { source: null, reason: `not available: ${this.choice.unavailable.join("; ")}` };
    const after = meter.sample();
    if (this.before === undefined || after === undefined)
      return { source: null, reason: `${meter.label}: a read failed during the test` };
    return testEnergy(meter, meter.between(this.before, after), tokens);
  }
}
