import { isIPv6 } from "node:net";
import { networkInterfaces } from "node:os";

/** The names a server on this machine is always reached by: the loopback names. */
export const LOOPBACK_HOST_NAMES: readonly string[] = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The name of a `Host` header (or a URL's host), without its port, lowercased, IPv6 in brackets
 * as the URL parser writes it: `LocalHost:8080` → `localhost`, `[0:0::1]` → `[::1]`. Null for
 * anything that is not a bare host with an optional port (a path, credentials, an empty name).
 */
export function hostNameOf(header: string): string | null {
	if (header === "" || /[/\\?#@\s]/.test(header)) return null;
	try {
		const url = new URL(`http://${header}`);
		return url.hostname === "" ? null : url.hostname;
	} catch {
		return null;
	}
}

/**
 * A host name or address as the user writes it for `--allow-host`, without a port (`Bench.Internal`
 * → `bench.internal`, `fd00::2` → `[fd00::2]`); null when it has a port or is not a host name.
 */
export function bareHostName(value: string): string | null {
	const bracketed = isIPv6(value) ? `[${value}]` : value;
	const withPort = bracketed.startsWith("[") ? !bracketed.endsWith("]") : bracketed.includes(":");
	return withPort ? null : hostNameOf(bracketed);
}

/**
 * The Host names a server bound to `bind` answers (the DNS-rebinding guard: a web page that
 * points a name of its own at this machine sends that name, which is not on the list): the
 * loopback names; the bound address (or name) itself when it is a specific one; every address of this
 * machine when it is a wildcard (`0.0.0.0`, `::`), since clients reach it by any of them; and
 * the names the user allowed (`--allow-host`). An address is never someone else's name, so
 * allowing addresses lets no page in.
 */
export function allowedHostNames(bind: string, allowed: readonly string[]): string[] {
	const names = new Set(LOOPBACK_HOST_NAMES);
	const bound = bareHostName(bind);
	if (bound === "0.0.0.0" || bound === "[::]") {
		for (const address of Object.values(networkInterfaces()).flat())
			if (address !== undefined)
				names.add(hostNameOf(address.family === "IPv6" ? `[${address.address}]` : address.address) ?? "");
	} else if (bound !== null) names.add(bound);
	for (const name of allowed) names.add(bareHostName(name) ?? name);
	names.delete("");
	return [...names];
}
