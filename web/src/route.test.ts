import { describe, expect, it } from "vitest";
import { parseRoute, routeHash, useCaseLink } from "./route.js";

describe("dashboard routes", () => {
	it("names every view, version and case in the hash, and reads it back", () => {
		const routes = [
			{ view: "use-cases" },
			{ view: "leaderboard", useCase: "summarization", version: null, focus: null },
			{ view: "leaderboard", useCase: "summarization", version: "summarization@abc123", focus: null },
			{ view: "matrix", useCase: "code-fix", version: null, focus: { model: "openai/gpt-x", harness: "agent" } },
			{ view: "case", useCase: "code fix/ä", version: "v@1", caseId: "case #1?&=", focus: null },
			{ view: "calibration", useCase: "kids-qa", version: null, focus: null },
			{ view: "history", useCase: "kids-qa", version: null, focus: null },
		] as const;
		for (const route of routes) expect(parseRoute(routeHash(route))).toEqual(route);
	});

	it("writes readable links", () => {
		expect(useCaseLink("extraction", "matrix", { version: "extraction@1f" })).toBe(
			"#/u/extraction/matrix?v=extraction%401f",
		);
		expect(useCaseLink("code-fix", "case", { caseId: "audit-currency" })).toBe("#/u/code-fix/case/audit-currency");
		expect(routeHash({ view: "use-cases" })).toBe("#/");
	});

	it("reads a focused model without a harness as every harness and treats empty parameters as absent", () => {
		expect(parseRoute("#/u/x/matrix?model=m&v=")).toEqual({
			view: "matrix",
			useCase: "x",
			version: null,
			focus: { model: "m", harness: null },
		});
	});

	it("calls anything else not found instead of guessing", () => {
		for (const hash of ["#/nope", "#/u/", "#/u/x/case", "#/u/x/case/a/b", "#/u/x/matrixx", "#/u/%E0%A4%A"])
			expect(parseRoute(hash)).toEqual({ view: "not-found", hash });
		expect(parseRoute("")).toEqual({ view: "use-cases" });
	});
});
