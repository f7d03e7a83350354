import { networkInterfaces } from "node:os";
import { describe, expect, it } from "vitest";
import { allowedHostNames, bareHostName, hostNameOf } from "./allowed-hosts.js";

describe("hostNameOf", () => {
	it("drops the port, lowercases and writes IPv6 as the URL parser does", () => {
		expect(hostNameOf("LocalHost:8080")).toBe("localhost");
		expect(hostNameOf("[0:0::1]:33800")).toBe("[::1]");
		expect(hostNameOf("127.0.0.1")).toBe("127.0.0.1");
	});

	it("refuses what is not a host with an optional port", () => {
		for (const header of ["", "a/b", "user@host", "host name", "x:99999", "h?q"])
			expect(hostNameOf(header), header).toBeNull();
	});
});

describe("bareHostName (--allow-host)", () => {
	it("takes names and addresses, IPv6 with or without brackets", () => {
		expect(bareHostName("Bench.Internal")).toBe("bench.internal");
		expect(bareHostName("fd00::2")).toBe("[fd00::2]");
		expect(bareHostName("[fd00::2]")).toBe("[fd00::2]");
	});

	it("refuses a port, even the default one", () => {
		for (const value of ["bench.internal:80", "[fd00::2]:8080", "x:"]) expect(bareHostName(value), value).toBeNull();
	});
});

describe("allowedHostNames", () => {
	it("answers the loopback names and the names allowed, and nothing else, on loopback", () => {
		expect(allowedHostNames("127.0.0.1", ["Bench.Internal"])).toEqual([
			"localhost",
			"127.0.0.1",
			"[::1]",
			"bench.internal",
		]);
	});

	it("adds the bound address when bound to a specific one", () => {
		expect(allowedHostNames("192.0.2.7", [])).toContain("192.0.2.7");
		expect(allowedHostNames("fd00::7", [])).toContain("[fd00::7]");
		expect(allowedHostNames("127.0.0.2", [])).toContain("127.0.0.2");
	});

	it("adds every address of this machine when bound to a wildcard, never a wildcard itself", () => {
		const addresses = Object.values(networkInterfaces())
			.flat()
			.flatMap((address) => (address?.family === "IPv4" ? [address.address] : []));
		for (const bind of ["0.0.0.0", "::"]) {
			const names = allowedHostNames(bind, []);
			for (const address of addresses) expect(names, bind).toContain(address);
			expect(names).not.toContain("0.0.0.0");
			expect(names).not.toContain("[::]");
		}
	});
});
