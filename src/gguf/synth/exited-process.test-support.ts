/** Test support: the id of a process that has exited (a child that ran and was reaped). */
import { spawnSync } from "node:child_process";

export function exitedPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
    encoding: "utf8",
  });
  return Number(child.stdout);
}
