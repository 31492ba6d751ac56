/** Byte counts for people: binary units (KiB, MiB, GiB, TiB) as llama.cpp and llama-bench print them. */

const units = ["B", "KiB", "MiB", "GiB", "TiB"] as const;

/** `bytes` in the largest binary unit that keeps the number at least 1, with 2 decimals (bytes: none). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(2)} ${units[unit]}`;
}
