/**
 * Model weights in transparent huge pages (Linux).
 *
 * Decoding reads every weight once per token, so the CPU walks hundreds of megabytes of memory per
 * token; with 4 KiB pages that is one TLB entry per 4 KiB, with 2 MiB pages one per 2 MiB. On
 * this machine llama-bench decoded about 13 % faster with the weights in huge pages
 * (docs/benchmarks.md, "Huge pages"). llama.cpp never asks for them: a memory-mapped GGUF sits in
 * the page cache in 4 KiB pages, and with `--no-mmap` it reads the file into memory from glibc's
 * malloc, which also uses 4 KiB pages unless glibc is told otherwise. glibc's tunable
 * `glibc.malloc.hugetlb=1` makes malloc ask the kernel (madvise) for transparent huge pages for its
 * large allocations. Tunables are read once, when the process starts, so the variable must be in
 * the environment of a new process: the bench child gets it when forked, and `edgecall` relaunches
 * itself with it (bin/edgecall.js) before commands that load a GGUF in-process.
 *
 * `EDGECALL_HUGE_PAGES=0` turns all of this off (memory-mapped weights, llama.cpp's default).
 */
import { readFileSync } from "node:fs";

/** The tunable glibc reads at start-up. */
export const hugePageTunable = "glibc.malloc.hugetlb";

/** Whether `EDGECALL_HUGE_PAGES` allows huge pages (anything but "0", "false", "off", "no"). */
export function hugePagesAllowed(env: NodeJS.ProcessEnv): boolean {
  const value = env.EDGECALL_HUGE_PAGES?.trim().toLowerCase();
  return value === undefined || !["0", "false", "off", "no"].includes(value);
}

/** The value of `glibc.malloc.hugetlb` in `GLIBC_TUNABLES` (colon-separated name=value pairs), or undefined. */
export function hugePageTunableValue(env: NodeJS.ProcessEnv): string | undefined {
  const tunables = env.GLIBC_TUNABLES ?? "";
  let value: string | undefined;
  for (const entry of tunables.split(":")) {
    const equals = entry.indexOf("=");
    if (equals !== -1 && entry.slice(0, equals) === hugePageTunable) value = entry.slice(equals + 1);
  }
  return value;
}

/**
 * Whether this process should load weights into huge pages: Linux, allowed, and glibc was started
 * with `glibc.malloc.hugetlb` set to 1 (madvise) or 2 (preallocated hugetlbfs pages). When true,
 * models are loaded with mmap off, so that the weights live in malloc'd memory.
 */
export function weightsInHugePages(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): boolean {
  const value = hugePageTunableValue(env);
  return platform === "linux" && hugePagesAllowed(env) && (value === "1" || value === "2");
}

/**
 * The environment of a new process that should load weights into huge pages: `env` with
 * `glibc.malloc.hugetlb=1` added to `GLIBC_TUNABLES` (other tunables kept; an explicit value of
 * the user's wins). Unchanged off Linux or when `EDGECALL_HUGE_PAGES=0`.
 */
export function withHugePageTunable(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): NodeJS.ProcessEnv {
  if (platform !== "linux" || !hugePagesAllowed(env) || hugePageTunableValue(env) !== undefined) return env;
  const existing = env.GLIBC_TUNABLES ?? "";
  const entry = `${hugePageTunable}=1`;
  return { ...env, GLIBC_TUNABLES: existing === "" ? entry : `${existing}:${entry}` };
}

/**
 * Bytes of this process's anonymous memory currently in transparent huge pages
 * (`AnonHugePages` of /proc/self/smaps_rollup), or undefined where that file is missing. Read
 * after a load, it says whether the kernel actually gave the weights huge pages.
 */
export function residentHugePageBytes(): number | undefined {
  try {
    const rollup = readFileSync("/proc/self/smaps_rollup", "utf8");
    const match = /^AnonHugePages:\s+(\d+)\s+kB$/m.exec(rollup);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
