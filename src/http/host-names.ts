/**
 * The `Host` header's name, and which names and addresses a server on a given address answers to.
 * A DNS-rebinding page reaches a loopback server under a name the attacker controls; the `Host`
 * header then names it, so a server that answers only the names it is served under is out of reach.
 * Ports are not compared: a browser always sends the port it connected to.
 */
import { isIP } from "node:net";
import { networkInterfaces } from "node:os";

/** The name in a `Host` header (`name`, `name:port`, `[v6]:port`), lower case, without brackets or port; undefined when malformed. */
export function hostHeaderName(header: string): string | undefined {
  const value = header.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed !== null) return isIP(bracketed[1] ?? "") === 6 ? bracketed[1] : undefined;
  const plain = /^([a-z0-9._-]+)(?::\d{1,5})?$/.exec(value);
  const name = plain?.[1]?.replace(/\.$/, "");
  return name === undefined || name === "" ? undefined : name;
}

/** The bare form of an address or name as given on the command line (brackets and a trailing dot dropped, lower case). */
export function bareHostName(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
}

/** True for this machine's own names and addresses: localhost, 127.0.0.0/8, ::1 (and ::ffff:127.x). */
export function isLoopbackName(name: string): boolean {
  const bare = bareHostName(name);
  return bare === "localhost" || bare === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/** True for the wildcard addresses that listen on every interface. */
export function isWildcardAddress(address: string): boolean {
  const bare = bareHostName(address);
  return bare === "0.0.0.0" || bare === "::" || bare === "::0";
}

/** True when `address` (an IP literal) is one of this machine's interface addresses now. */
function isInterfaceAddress(address: string): boolean {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (bareHostName(entry.address) === address) return true;
  }
  return false;
}

/**
 * True when a server bound to `boundAddress` answers a request whose `Host` names `name`: a
 * loopback name or address, the bound address itself, one of `allowedHosts`, or (bound to a
 * wildcard) an address of one of this machine's interfaces.
 */
export function isServedHostName(
  name: string,
  boundAddress: string,
  allowedHosts: readonly string[],
): boolean {
  if (isLoopbackName(name)) return true;
  if (name === bareHostName(boundAddress)) return true;
  if (allowedHosts.some((allowed) => bareHostName(allowed) === name)) return true;
  return isWildcardAddress(boundAddress) && isIP(name) !== 0 && isInterfaceAddress(name);
}
