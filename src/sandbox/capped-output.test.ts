import { describe, expect, it } from "vitest";
import { CappedOutput } from "./capped-output.js";

describe("CappedOutput", () => {
	it("keeps everything under the cap", () => {
		const output = new CappedOutput(100);
		output.push(Buffer.from("hello "));
		output.push(Buffer.from("world"));
		expect(output.text()).toBe("hello world");
		expect(output.truncated).toBe(false);
		expect(output.bytes).toBe(11);
	});

	it("keeps the first cap bytes, counts the rest and says it cut", () => {
		const output = new CappedOutput(4);
		output.push(Buffer.from("abc"));
		output.push(Buffer.from("defgh"));
		expect(output.text()).toBe("abcd");
		expect(output.truncated).toBe(true);
		expect(output.bytes).toBe(8);
	});

	it("never ends in half a character", () => {
		// € is 3 bytes: a cap of 4 falls inside the first, a cap of 6 inside the second.
		for (const [cap, kept] of [
			[4, "ab"],
			[5, "ab€"],
			[6, "ab€"],
		] as const) {
			const output = new CappedOutput(cap);
			output.push(Buffer.from("ab€€"));
			expect(output.text()).toBe(kept);
		}
	});

	it("cuts after the last whole line for line-based text", () => {
		const output = new CappedOutput(10);
		output.push(Buffer.from("one\ntwo\nthree\n"));
		expect(output.lines()).toBe("one\ntwo\n");
		expect(output.truncated).toBe(true);
	});
});
