/**
 * The energy counters the operating system exposes in sysfs, read before and after a bench test:
 * - Linux powercap/RAPL (`class/powercap/intel-rapl:N/energy_uj`, µJ, wrapping at
 *   `max_energy_range_uj`): the top-level zones named `package-*` are summed (their subzones,
 *   `intel-rapl:N:M` core/uncore/dram, are parts of a package and are not added again; `psys`, the
 *   whole platform, already includes the packages and is used only when there is no package zone);
 *   the `intel-rapl-mmio` copies are skipped. Usually readable by root only (since CVE-2020-8694):
 *   a permission error makes the source unavailable with that reason;
 * - a discharging battery (`class/power_supply/BAT*`): `energy_now` (µWh) or, where the gauge
 *   reports charge, `charge_now` (µAh) × `voltage_now` (µV). A gauge updates every few seconds or
 *   less often, so a short test may see no change: that is reported, never a zero.
 * The sysfs root is injectable (tests point it at a fake folder). RAPL is preferred when both work.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One reading of a meter. */
export interface EnergySample {
  /** `performance.now()` when read, in ms. */
  readonly atMs: number;
  /** RAPL: each package zone's counter in µJ. Battery: the energy left in µJ. */
  readonly values: readonly number[];
  /** Battery: its `status` when read (`Discharging`, `Charging`, ...). */
  readonly status?: string;
}

/** Energy used between two samples, or why it cannot be told. */
export type EnergyDelta = { joules: number; seconds: number } | { reason: string };

/** A source of energy readings. */
export interface EnergyMeter {
  readonly source: "rapl" | "battery";
  /** e.g. `RAPL package-0 + package-1`, `battery BAT0 (energy_now)`. */
  readonly label: string;
  /** Reads the counters now; undefined when a read failed. */
  sample(): EnergySample | undefined;
  /** The energy used from `before` to `after` (a RAPL counter that wrapped is unwrapped). */
  between(before: EnergySample, after: EnergySample): EnergyDelta;
}

/** The meter found, if any, and why each source that is not used is not. */
export interface EnergyMeterChoice {
  meter: EnergyMeter | undefined;
  /** One line per source not available, e.g. `RAPL: …/energy_uj: permission denied (…)`. */
  unavailable: string[];
}

function why(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === "EACCES" || code === "EPERM")
    return "permission denied (RAPL counters are usually readable by root only)";
  if (code === "ENOENT") return "not found";
  return error instanceof Error ? error.message : String(error);
}

/** Reads a file's text (tests inject failures). */
export type ReadText = (path: string) => string;

/** Reads sysfs files: a whole number (throws), or text (undefined when unreadable). */
interface Sysfs {
  whole(path: string): number;
  text(path: string): string | undefined;
}

function sysfsReader(readFile: ReadText): Sysfs {
  return {
    whole(path) {
      const text = readFile(path).trim();
      if (!/^\d+$/.test(text)) throw new Error(`not a whole number: '${text.slice(0, 40)}'`);
      return Number(text);
    },
    text(path) {
      try {
        return readFile(path).trim();
      } catch {
        return undefined;
      }
    },
  };
}

function listDirectory(path: string): string[] | undefined {
  try {
    return readdirSync(path).sort();
  } catch {
    return undefined;
  }
}

interface RaplZone {
  name: string;
  energyPath: string;
  maxRange: number;
}

function openRapl(root: string, io: Sysfs): EnergyMeter | string {
  const base = join(root, "class", "powercap");
  const entries = listDirectory(base);
  const zones = (entries ?? []).filter((entry) => /^intel-rapl:\d+$/.test(entry));
  if (zones.length === 0)
    return `RAPL: no ${base}/intel-rapl:* zones (not Linux, no powercap driver, or a VM)`;
  const named = zones.map((zone) => ({ zone, name: io.text(join(base, zone, "name")) ?? zone }));
  const packages = named.filter((entry) => entry.name.startsWith("package"));
  const chosen = packages.length > 0 ? packages : named.filter((entry) => entry.name === "psys");
  if (chosen.length === 0) return `RAPL: no package or psys zone among ${zones.join(", ")}`;
  const opened: RaplZone[] = [];
  for (const { zone, name } of chosen) {
    const energyPath = join(base, zone, "energy_uj");
    try {
      io.whole(energyPath);
      opened.push({ name, energyPath, maxRange: io.whole(join(base, zone, "max_energy_range_uj")) });
    } catch (error) {
      return `RAPL: ${energyPath}: ${why(error)}`;
    }
  }
  return {
    source: "rapl",
    label: `RAPL ${opened.map((zone) => zone.name).join(" + ")}`,
    sample() {
      try {
        return { atMs: performance.now(), values: opened.map((zone) => io.whole(zone.energyPath)) };
      } catch {
        return undefined;
      }
    },
    between(before, after) {
      let microjoules = 0;
      opened.forEach((zone, index) => {
        const start = before.values[index] ?? 0;
        const end = after.values[index] ?? 0;
        microjoules += end >= start ? end - start : zone.maxRange - start + end;
      });
      return { joules: microjoules / 1e6, seconds: (after.atMs - before.atMs) / 1000 };
    },
  };
}

/** µJ in a battery's `energy_now` (µWh) or `charge_now` (µAh) × `voltage_now` (µV). */
function batteryReader(folder: string, io: Sysfs): { field: string; read(): number } | undefined {
  const energyPath = join(folder, "energy_now");
  if (io.text(energyPath) !== undefined)
    return { field: "energy_now", read: () => io.whole(energyPath) * 3600 };
  const chargePath = join(folder, "charge_now");
  const voltagePath = join(folder, "voltage_now");
  if (io.text(chargePath) !== undefined && io.text(voltagePath) !== undefined)
    return {
      field: "charge_now × voltage_now",
      // µAh × µV = 1e-12 Wh = 3.6e-9 J = 3.6e-3 µJ.
      read: () => io.whole(chargePath) * io.whole(voltagePath) * 3.6e-3,
    };
  return undefined;
}

function openBattery(root: string, io: Sysfs): EnergyMeter | string {
  const base = join(root, "class", "power_supply");
  const batteries = (listDirectory(base) ?? []).filter(
    (entry) => /^BAT/.test(entry) || io.text(join(base, entry, "type")) === "Battery",
  );
  if (batteries.length === 0) return `battery: none in ${base}`;
  const problems: string[] = [];
  for (const battery of batteries) {
    const folder = join(base, battery);
    const reader = batteryReader(folder, io);
    if (reader === undefined) {
      problems.push(`${battery}: neither energy_now nor charge_now with voltage_now is readable`);
      continue;
    }
    const status = io.text(join(folder, "status")) ?? "Unknown";
    if (status !== "Discharging") {
      problems.push(`${battery} is ${status} (on mains power the battery does not measure the draw)`);
      continue;
    }
    try {
      reader.read();
    } catch (error) {
      problems.push(`${battery}: ${why(error)}`);
      continue;
    }
    return {
      source: "battery",
      label: `battery ${battery} (${reader.field})`,
      sample() {
        try {
          return {
            atMs: performance.now(),
            values: [reader.read()],
            status: io.text(join(folder, "status")) ?? "Unknown",
          };
        } catch {
          return undefined;
        }
      },
      between(before, after) {
        if (after.status !== "Discharging")
          return { reason: `the battery was ${after.status} at the end of the test` };
        const used = (before.values[0] ?? 0) - (after.values[0] ?? 0);
        if (used < 0) return { reason: "the battery gauge went up during the test" };
        if (used === 0)
          return {
            reason:
              "the battery gauge did not change during the test (it updates every few seconds or less often): run longer tests",
          };
        return { joules: used / 1e6, seconds: (after.atMs - before.atMs) / 1000 };
      },
    };
  }
  return `battery: ${problems.join("; ")}`;
}

/** Where {@link openEnergyMeter} reads. */
export interface EnergyMeterOptions {
  /** Default `/sys`. */
  sysfsRoot?: string;
  /** Default: `readFileSync(path, "utf8")`. */
  readText?: ReadText;
}

/**
 * The energy meter of this machine (under `/sys` unless told otherwise): RAPL where its package
 * counters are readable, else a discharging battery, else none, with the reasons.
 */
export function openEnergyMeter(options: EnergyMeterOptions = {}): EnergyMeterChoice {
  const sysfsRoot = options.sysfsRoot ?? "/sys";
  const io = sysfsReader(options.readText ?? ((path) => readFileSync(path, "utf8")));
  const unavailable: string[] = [];
  for (const open of [openRapl, openBattery]) {
    const opened = open(sysfsRoot, io);
    if (typeof opened !== "string") return { meter: opened, unavailable };
    unavailable.push(opened);
  }
  return { meter: undefined, unavailable };
}
