/**
 * Device settings and how they depend on each other (the rules `settings_set` applies):
 * 1. Turning airplane mode on turns Wi-Fi and Bluetooth off and remembers how they were.
 * 2. In airplane mode Wi-Fi and Bluetooth may be turned back on explicitly; airplane mode stays on.
 * 3. Turning airplane mode off restores Wi-Fi and Bluetooth as they were before it, except a radio
 *    set explicitly during airplane mode, which keeps that setting.
 * 4. Setting the brightness by hand turns auto-brightness off.
 * 5. Volume and brightness are whole percentages, 0 to 100; volume 0 means muted.
 * 6. Do-not-disturb silences notifications but never alarms; alarms ring whatever the settings.
 */

/** Every setting with its default value. */
export const defaultSettings = {
  wifi: true,
  bluetooth: true,
  airplane_mode: false,
  do_not_disturb: false,
  volume: 60,
  brightness: 70,
  auto_brightness: true,
};

/** A setting's name. */
export type SettingName = keyof typeof defaultSettings;
/** All settings (visible values). */
export type Settings = typeof defaultSettings;

/** Names of the settings that take a percentage; the others take true/false. */
export const numericSettings: readonly SettingName[] = ["volume", "brightness"];
/** All setting names, in display order. */
export const settingNames = Object.keys(defaultSettings) as SettingName[];

/** Hidden state kept beside the settings: radios remembered while airplane mode is on. */
export interface AirplaneMemory {
  wifi?: boolean;
  bluetooth?: boolean;
}

/** The outcome of one change: every setting that changed (the asked one first) and notes for the user. */
export interface SettingChange {
  settings: Settings;
  memory: AirplaneMemory | null;
  changed: { name: SettingName; from: boolean | number; to: boolean | number }[];
  notes: string[];
}

/** Applies one change with the dependency rules. `value` has already been type-checked. */
export function applySetting(
  current: Settings,
  memory: AirplaneMemory | null,
  name: SettingName,
  value: boolean | number,
): SettingChange {
  const next: Settings = { ...current };
  let nextMemory = memory ? { ...memory } : null;
  const notes: string[] = [];
  const set = (key: SettingName, to: boolean | number) => {
    (next as Record<SettingName, boolean | number>)[key] = to;
  };
  set(name, value);
  if (name === "airplane_mode" && value === true && !current.airplane_mode) {
    nextMemory = { wifi: current.wifi, bluetooth: current.bluetooth };
    set("wifi", false);
    set("bluetooth", false);
    notes.push("airplane mode turned Wi-Fi and Bluetooth off; either can be turned back on explicitly");
  } else if (name === "airplane_mode" && value === false && current.airplane_mode) {
    const remembered = nextMemory;
    if (remembered?.wifi !== undefined) set("wifi", remembered.wifi);
    if (remembered?.bluetooth !== undefined) set("bluetooth", remembered.bluetooth);
    nextMemory = null;
    const describe = (label: string, on: boolean) => `${label} ${on ? "on" : "off"}`;
    notes.push(
      remembered === null
        ? `airplane mode is off; Wi-Fi and Bluetooth were not remembered from before it, so they stay as they are (${describe("Wi-Fi", next.wifi)}, ${describe("Bluetooth", next.bluetooth)})`
        : "Wi-Fi and Bluetooth are back to how they were before airplane mode (unless changed during it)",
    );
  } else if ((name === "wifi" || name === "bluetooth") && current.airplane_mode) {
    if (nextMemory) delete nextMemory[name];
    notes.push(`${name === "wifi" ? "Wi-Fi" : "Bluetooth"} set explicitly; airplane mode stays on`);
  } else if (name === "brightness" && current.auto_brightness) {
    set("auto_brightness", false);
    notes.push("setting the brightness by hand turned auto-brightness off");
  } else if (name === "do_not_disturb" && value === true) {
    notes.push("do-not-disturb silences notifications; alarms still ring");
  }
  const changed: SettingChange["changed"] = [];
  const order = [name, ...settingNames.filter((key) => key !== name)];
  for (const key of order) {
    if (current[key] !== next[key]) changed.push({ name: key, from: current[key], to: next[key] });
  }
  return { settings: next, memory: nextMemory, changed, notes };
}
