import { describe, expect, it } from "vitest";
import { parsePairedResult } from "./paired-result.js";

const NONCE = "0123456789abcdef0123456789abcdef";
const ok = (samples: unknown[], warmup: unknown = { baseline_s: 1, candidate_s: 1, order: "baseline-first" }) =>
	`TOUCHSTONE-PAIRED-V1 ${NONCE} ${JSON.stringify({ status: "ok", detail: "fine", oracle_cases: 2, warmup, samples })}`;
const pair = (order: string, baseline_s = 0.5, candidate_s = 0.01) => ({ baseline_s, candidate_s, order });
const GOOD = [pair("baseline-first"), pair("candidate-first"), pair("baseline-first")];

function problem(stdout: string, pairs = 3): string {
	const parsed = parsePairedResult(stdout, NONCE, pairs);
	if (parsed.ok) throw new Error("expected a problem");
	return parsed.problem;
}

describe("the authenticated paired-v1 result", () => {
	it("reads the one line carrying the nonce and ignores forged lines around it", () => {
		const forged = `TOUCHSTONE-PAIRED-V1 ffffffffffffffffffffffffffffffff {"status":"ok"}`;
		const parsed = parsePairedResult(`${forged}\nnoise\n${ok(GOOD)}\n`, NONCE, 3);
		expect(parsed.ok && parsed.result.status === "ok" && parsed.result.samples.length).toBe(3);
	});

	it("is missing without the nonce, and ambiguous with two lines carrying it", () => {
		expect(problem("TOUCHSTONE-PAIRED-V1 guess {}\n")).toContain("no authenticated result line");
		expect(problem(`${ok(GOOD)}\n${ok(GOOD)}\n`)).toContain("2 authenticated result lines (ambiguous)");
	});

	it("refuses JSON that does not parse or fit", () => {
		expect(problem(`TOUCHSTONE-PAIRED-V1 ${NONCE} {not json`)).toContain("not JSON");
		expect(problem(`TOUCHSTONE-PAIRED-V1 ${NONCE} {"status":"great","detail":""}`)).toContain("status");
	});

	it("refuses a wrong sample count, a wrong order and non-positive samples", () => {
		expect(problem(ok(GOOD.slice(0, 2)))).toContain("2 measured pairs; the task asks for 3");
		expect(problem(ok([pair("baseline-first"), pair("baseline-first"), pair("baseline-first")]))).toContain(
			"measured pair 1 is baseline-first; it must be candidate-first",
		);
		expect(problem(ok(GOOD, pair("candidate-first")))).toContain("warm-up pair must be baseline-first");
		expect(problem(ok([pair("baseline-first", 0), GOOD[1], GOOD[2]]))).toContain("positive, finite");
		expect(problem(ok([pair("baseline-first", -1), GOOD[1], GOOD[2]]))).toContain("positive, finite");
		// JSON cannot say Infinity, but 1e400 parses to it.
		const infinite = ok(GOOD).replace('"baseline_s":0.5', '"baseline_s":1e400');
		expect(problem(infinite)).toContain("positive, finite");
	});

	it("passes a failure status through with its detail and no samples", () => {
		const line = `TOUCHSTONE-PAIRED-V1 ${NONCE} ${JSON.stringify({ status: "rejected", detail: "import of sys", oracle_cases: 4 })}`;
		expect(parsePairedResult(line, NONCE, 7)).toEqual({
			ok: true,
			result: { status: "rejected", detail: "import of sys", oracle_cases: 4 },
		});
	});
});
