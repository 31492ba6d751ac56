/** `--allowed-hosts` and `--cors` of `serve` and `mcp serve --http` (the web guard, src/http/web-guard.ts). */
import { Option } from "commander";
import { commaList } from "../../http/web-guard-options.js";

/** `--allowed-hosts NAME[,NAME]` (repeatable); `prefix` starts its help (e.g. "with --http: "). */
export function allowedHostsOption(prefix = ""): Option {
  return new Option(
    "--allowed-hosts <names>",
    `${prefix}more names the Host header may give, e.g. gpu-box.lan (comma list; default: loopback names and the --host address; others get 403)`,
  ).argParser(commaList);
}

/** `--cors ORIGIN[,ORIGIN]` (repeatable); `prefix` starts its help. */
export function corsOption(prefix = ""): Option {
  return new Option(
    "--cors <origins>",
    `${prefix}origins whose web pages may call this server, e.g. http://localhost:5173 (comma list; default none: a request carrying another Origin gets 403)`,
  ).argParser(commaList);
}
