/**
 * The command-line values of the web guard: `--cors ORIGIN[,ORIGIN]` and `--allowed-hosts
 * NAME[,NAME]`, comma lists that may be repeated. A value that cannot be what it claims is a
 * usage error naming the option and the value, rather than a guard that silently never matches.
 */
import { isIP } from "node:net";
import { EdgecallError } from "../errors.js";
import { bareHostName } from "./host-names.js";

/** Splits a comma list, adding it to the values of earlier repetitions (for commander's option parsers). */
export function commaList(value: string, previous: string[] | undefined): string[] {
  return [
    ...(previous ?? []),
    ...value
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item !== ""),
  ];
}

/**
 * Origins as a browser sends them in `Origin` (`http://localhost:5173`): scheme http or https,
 * a host, a port where not the default, no path. A trailing `/` is dropped.
 */
export function corsOrigins(values: readonly string[]): string[] {
  return values.map((value) => {
    const trimmed = value.trim().replace(/\/$/, "");
    let url: URL | undefined;
    try {
      url = new URL(trimmed);
    } catch {
      url = undefined;
    }
    const originOnly =
      url !== undefined &&
      /^https?:$/.test(url.protocol) &&
      url.pathname === "/" &&
      url.username === "" &&
      url.password === "" &&
      !/[?#]/.test(trimmed);
    if (url === undefined || !originOnly) {
      throw new EdgecallError(
        "usage",
        `--cors ${JSON.stringify(value)}: not an origin; give scheme, host and port only, e.g. http://localhost:5173`,
        { subject: "--cors" },
      );
    }
    return url.origin;
  });
}

const hostNamePattern = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

/** Host names or IP addresses, without a port, as the `Host` header's name is compared (lower case, no brackets). */
export function allowedHostNames(values: readonly string[]): string[] {
  return values.map((value) => {
    const bare = bareHostName(value);
    if (isIP(bare) === 0 && !hostNamePattern.test(bare)) {
      throw new EdgecallError(
        "usage",
        `--allowed-hosts ${JSON.stringify(value)}: not a host name or address (give names without scheme or port, e.g. gpu-box.lan)`,
        { subject: "--allowed-hosts" },
      );
    }
    return bare;
  });
}
