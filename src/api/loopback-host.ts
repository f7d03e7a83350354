import { isIPv4, isIPv6 } from "node:net";

/**
 * Whether binding to `host` keeps the server on this machine: `localhost`, 127.0.0.0/8 or ::1
 * (also IPv4-mapped). Anything else (0.0.0.0, ::, a LAN address, a hostname) may be reachable
 * from other machines.
 */
export function isLoopbackHost(host: string): boolean {
	const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
	if (bare.toLowerCase() === "localhost") return true;
	if (isIPv4(bare)) return bare.startsWith("127.");
	if (!isIPv6(bare)) return false;
	// The URL parser writes IPv6 addresses in one canonical form: ::1, and ::ffff:7fxx:xxxx for 127/8.
	const canonical = new URL(`http://[${bare}]`).hostname;
	return canonical === "[::1]" || canonical.startsWith("[::ffff:7f");
}
