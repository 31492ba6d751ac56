/**
 * The `bench` options that mean something only with `--browser` (where and how long to serve the
 * page): given without it they are a usage error naming the option, not silently ignored.
 */
import { EdgecallError } from "../../errors.js";

/** The options as commander gives them. */
export interface BrowserOnlyOptions {
  browser?: boolean;
  host?: string;
  port?: number;
  allowedHosts?: string[];
  browserTimeout?: number;
}

const flags: [keyof BrowserOnlyOptions, string][] = [
  ["host", "--host"],
  ["port", "--port"],
  ["allowedHosts", "--allowed-hosts"],
  ["browserTimeout", "--browser-timeout"],
];

/** Throws EdgecallError("usage") when a browser-only option is given without `--browser`. */
export function refuseBrowserOnlyOptions(options: BrowserOnlyOptions): void {
  if (options.browser) return;
  for (const [key, flag] of flags) {
    if (options[key] !== undefined)
      throw new EdgecallError("usage", `${flag}: applies to bench --browser only`, { subject: flag });
  }
}
