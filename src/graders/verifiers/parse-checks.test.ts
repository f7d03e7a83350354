import { describe, expect, it } from "vitest";
import { parseChecksOutput } from "./parse-checks.js";

describe("parseChecksOutput", () => {
	it("reads the whole output, or its last checks line after logging", () => {
		expect(parseChecksOutput('{"checks": {"a": true, "b": 0.5}}')).toEqual({ ok: true, checks: { a: true, b: 0.5 } });
		const logged = 'rendering chart\n{"note": 1}\n{"checks": {"a": false}}\n';
		expect(parseChecksOutput(logged)).toEqual({ ok: true, checks: { a: false } });
	});

	it("refuses output that is not a checks object, naming what is wrong", () => {
		expect(parseChecksOutput("")).toMatchObject({ ok: false, problem: /not JSON/ });
		expect(parseChecksOutput('{"score": 1}')).toMatchObject({ ok: false, problem: /no `"checks"` member/ });
		expect(parseChecksOutput('{"checks": [true]}')).toMatchObject({ ok: false, problem: /not an object/ });
		expect(parseChecksOutput('{"checks": {}}')).toMatchObject({ ok: false, problem: /empty/ });
		expect(parseChecksOutput('{"checks": {"a": 1.5, "b": "yes", "c": null, "d": 1}}')).toEqual({
			ok: false,
			problem: 'checks must be true, false or a number in 0..1; found a=1.5, b="yes", c=null',
		});
	});
});
