import { describe, expect, it } from "vitest";
import { scopeCheck } from "./scope-check.js";

describe("the sprint scope gate", () => {
	const scope = ["src/**", "test/**/*.test.ts", "docs/plan.md"];

	it("passes a change whose every path a glob of the allowlist matches", () => {
		expect(scopeCheck(["src/a.ts", "src/deep/b.ts", "test/x/y.test.ts", "./docs/plan.md"], scope)).toEqual({
			inside: true,
			outside: [],
		});
	});

	it("names each path outside, once and sorted, including climbs out and absolute paths", () => {
		expect(
			scopeCheck(
				["package.json", "src/a.ts", "test/helper.ts", "package.json", "../etc/passwd", "/tmp/x", "src/../.env"],
				scope,
			),
		).toEqual({ inside: false, outside: ["../etc/passwd", "/tmp/x", "package.json", "src/../.env", "test/helper.ts"] });
	});

	it("refuses everything with an empty allowlist, and passes an empty change", () => {
		expect(scopeCheck(["src/a.ts"], []).outside).toEqual(["src/a.ts"]);
		expect(scopeCheck([], scope)).toEqual({ inside: true, outside: [] });
	});
});
