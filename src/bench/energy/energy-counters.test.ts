import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { type EnergySample, openEnergyMeter } from "./energy-counters.js";
import { benchEnergy, TestEnergyWindow, testEnergy } from "./test-energy.js";

const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A fake sysfs tree: `files` maps paths under the root to their contents. */
function fakeSysfs(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "edgecall-sysfs-"));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(join(full, ".."), { recursive: true });
    writeFileSync(full, `${text}\n`);
  }
  return root;
}

function zone(id: string, name: string, energy: number, max = 262143328850): Record<string, string> {
  return {
    [`class/powercap/${id}/name`]: name,
    [`class/powercap/${id}/energy_uj`]: String(energy),
    [`class/powercap/${id}/max_energy_range_uj`]: String(max),
  };
}

const sample = (values: number[], atMs: number, status?: string): EnergySample => ({
  atMs,
  values,
  ...(status === undefined ? {} : { status }),
});

describe("energy counters (fake sysfs)", () => {
  it("sums the RAPL package zones only: no subzones, no psys, no mmio copies", () => {
    const root = fakeSysfs({
      ...zone("intel-rapl:0", "package-0", 1_000_000),
      ...zone("intel-rapl:0:0", "core", 700_000),
      ...zone("intel-rapl:0:1", "uncore", 50_000),
      ...zone("intel-rapl:1", "package-1", 2_000_000),
      ...zone("intel-rapl:2", "psys", 9_000_000),
      ...zone("intel-rapl-mmio:0", "package-0", 1_000_000),
    });
    const { meter, unavailable } = openEnergyMeter({ sysfsRoot: root });
    assert.ok(meter);
    assert.deepEqual(unavailable, []);
    assert.equal(meter.source, "rapl");
    assert.equal(meter.label, "RAPL package-0 + package-1");
    assert.deepEqual(meter.sample()?.values, [1_000_000, 2_000_000]);
    const delta = meter.between(sample([1_000_000, 2_000_000], 0), sample([3_000_000, 2_500_000], 2000));
    assert.deepEqual(delta, { joules: 2.5, seconds: 2 });
  });

  it("unwraps a counter that passed max_energy_range_uj", () => {
    const root = fakeSysfs(zone("intel-rapl:0", "package-0", 5, 1_000_000));
    const { meter } = openEnergyMeter({ sysfsRoot: root });
    assert.ok(meter);
    // 999_000 → wrap at 1_000_000 → 500_000: 1_000 + 500_000 µJ.
    const delta = meter.between(sample([999_000], 0), sample([500_000], 1000));
    assert.deepEqual(delta, { joules: 0.501, seconds: 1 });
  });

  it("uses psys when there is no package zone", () => {
    const root = fakeSysfs({ ...zone("intel-rapl:0", "psys", 10), ...zone("intel-rapl:0:0", "core", 3) });
    assert.equal(openEnergyMeter({ sysfsRoot: root }).meter?.label, "RAPL psys");
  });

  it("says permission denied for root-only RAPL counters, then falls back to a battery", () => {
    const root = fakeSysfs({
      ...zone("intel-rapl:0", "package-0", 1),
      "class/power_supply/BAT0/status": "Discharging",
      "class/power_supply/BAT0/energy_now": "40000000",
      "class/power_supply/AC/type": "Mains",
    });
    const denied = (path: string): string => {
      if (path.endsWith("energy_uj"))
        throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
      return readFileSync(path, "utf8");
    };
    const { meter, unavailable } = openEnergyMeter({ sysfsRoot: root, readText: denied });
    assert.equal(meter?.label, "battery BAT0 (energy_now)");
    assert.equal(unavailable.length, 1);
    assert.match(unavailable[0]!, /^RAPL: .*intel-rapl:0\/energy_uj: permission denied/);
  });

  it("reads battery energy_now (µWh) as energy used while discharging", () => {
    const root = fakeSysfs({
      "class/power_supply/BAT0/status": "Discharging",
      "class/power_supply/BAT0/energy_now": "40000000",
    });
    const { meter, unavailable } = openEnergyMeter({ sysfsRoot: root });
    assert.ok(meter);
    assert.match(unavailable[0]!, /^RAPL: no .*intel-rapl/);
    // 40 Wh = 144 kJ.
    assert.deepEqual(meter.sample()?.values, [40_000_000 * 3600]);
    // 1 mWh used = 3.6 J.
    const delta = meter.between(
      sample([40_000_000 * 3600], 0, "Discharging"),
      sample([39_999_000 * 3600], 10_000, "Discharging"),
    );
    assert.deepEqual(delta, { joules: 3.6, seconds: 10 });
    assert.match(
      (meter.between(sample([5], 0, "Discharging"), sample([5], 1, "Discharging")) as { reason: string })
        .reason,
      /did not change/,
    );
    assert.match(
      (meter.between(sample([5], 0, "Discharging"), sample([4], 1, "Charging")) as { reason: string }).reason,
      /Charging/,
    );
  });

  it("reads charge_now (µAh) × voltage_now (µV) where the gauge reports charge", () => {
    const root = fakeSysfs({
      "class/power_supply/BAT1/type": "Battery",
      "class/power_supply/BAT1/status": "Discharging",
      "class/power_supply/BAT1/charge_now": "3000000",
      "class/power_supply/BAT1/voltage_now": "12000000",
    });
    const { meter } = openEnergyMeter({ sysfsRoot: root });
    assert.equal(meter?.label, "battery BAT1 (charge_now × voltage_now)");
    // 3 Ah × 12 V = 36 Wh = 129600 J.
    assert.ok(Math.abs((meter?.sample()?.values[0] ?? 0) / 1e6 - 129_600) < 1e-6);
  });

  it("refuses a charging battery and unreadable files, with the reasons", () => {
    const charging = fakeSysfs({
      "class/power_supply/BAT0/status": "Charging",
      "class/power_supply/BAT0/energy_now": "1",
    });
    const none = openEnergyMeter({ sysfsRoot: charging });
    assert.equal(none.meter, undefined);
    assert.match(none.unavailable.join("\n"), /BAT0 is Charging \(on mains power/);
    const garbled = fakeSysfs({
      ...zone("intel-rapl:0", "package-0", 1),
      "class/powercap/intel-rapl:0/energy_uj": "n/a",
      "class/power_supply/BAT0/status": "Discharging",
    });
    const choice = openEnergyMeter({ sysfsRoot: garbled });
    assert.equal(choice.meter, undefined);
    assert.match(choice.unavailable[0]!, /energy_uj: not a whole number/);
    assert.match(choice.unavailable[1]!, /BAT0: neither energy_now nor charge_now/);
    assert.match((benchEnergy(choice) as { reason: string }).reason, /^not available: RAPL: /);
    const empty = openEnergyMeter({ sysfsRoot: fakeSysfs({ "class/x": "" }) });
    assert.equal(empty.meter, undefined);
    assert.match(empty.unavailable[1]!, /battery: none in/);
  });

  it("gives joules per token and watts over a test, and a reason when a read fails", () => {
    const root = fakeSysfs(zone("intel-rapl:0", "package-0", 1_000_000));
    const choice = openEnergyMeter({ sysfsRoot: root });
    assert.ok(choice.meter);
    assert.deepEqual(testEnergy(choice.meter, { joules: 2, seconds: 4 }, 100), {
      source: "rapl",
      label: "RAPL package-0",
      joules: 2,
      seconds: 4,
      watts: 0.5,
      joulesPerToken: 0.02,
    });
    const window = new TestEnergyWindow(choice);
    window.start();
    writeFileSync(join(root, "class/powercap/intel-rapl:0/energy_uj"), "4000000\n");
    const measured = window.finish(300);
    assert.equal(measured.source, "rapl");
    assert.equal(measured.source === "rapl" ? measured.joulesPerToken : -1, 0.01);
    rmSync(join(root, "class/powercap/intel-rapl:0/energy_uj"));
    window.start();
    assert.match((window.finish(1) as { reason: string }).reason, /a read failed/);
    assert.deepEqual(new TestEnergyWindow({ meter: undefined, unavailable: ["RAPL: none"] }).finish(1), {
      source: null,
      reason: "not available: RAPL: none",
    });
  });
});
