import { describe, expect, it } from "vitest";
import type { ReviewVerifierArgs } from "../../../contract/index.js";
import { normalizeFindingPath, scoreReview } from "./match-findings.js";
import type { Finding } from "./parse-findings.js";

const ARGS: ReviewVerifierArgs = {
	findings_file: "review.json",
	bugs: [
		{ id: "boundary", file: "src/retention.py", lines: [[41, 43]] },
		{
			id: "unit",
			file: "src/retention.py",
			lines: [
				[10, 10],
				[90, 92],
			],
		},
	],
	decoys: [{ id: "looks-wrong", file: "src/retention.py", lines: [[60, 61]] }],
	tolerance: 3,
	fp_penalty: 0.25,
	decoy_penalty: 0.5,
	pass_threshold: 0.5,
};

const at = (line: number, file = "src/retention.py"): Finding => ({ file, line, description: "wrong" });
const score = (findings: Finding[], args: Partial<ReviewVerifierArgs> = {}) =>
	scoreReview(findings, { ...ARGS, ...args });

describe("scoreReview", () => {
	it("finds a bug at its exact lines and up to tolerance outside them, not at tolerance + 1", () => {
		expect(score([at(41)]).findings[0]).toMatchObject({ owner: "boundary", distance: 0, status: "found" });
		expect(score([at(43)]).bugs_found).toEqual(["boundary"]);
		expect(score([at(38)]).findings[0]).toMatchObject({ owner: "boundary", distance: 3 });
		expect(score([at(46)]).findings[0]).toMatchObject({ owner: "boundary", distance: 3 });
		expect(score([at(37)]).findings[0]).toMatchObject({ owner: null, status: "false_positive" });
		expect(score([at(47)]).false_positives).toBe(1);
		expect(score([at(44)], { tolerance: 0 }).false_positives).toBe(1);
		expect(score([at(43)], { tolerance: 0 }).bugs_found).toEqual(["boundary"]);
	});

	it("finds a bug through any of its ranges", () => {
		expect(score([at(10)]).bugs_found).toEqual(["unit"]);
		expect(score([at(94)]).findings[0]).toMatchObject({ owner: "unit", distance: 2 });
		expect(score([at(50, "src/other.py")]).false_positives).toBe(1);
	});

	it("gives a finding to the nearest of a bug and a decoy, and a tie to the bug", () => {
		const args = {
			bugs: [{ id: "bug", file: "a.py", lines: [[10, 10]] as [number, number][] }],
			decoys: [{ id: "decoy", file: "a.py", lines: [[14, 14]] as [number, number][] }],
		};
		expect(score([at(11, "a.py")], args).findings[0]).toMatchObject({ owner: "bug", distance: 1 });
		expect(score([at(13, "a.py")], args).findings[0]).toMatchObject({ owner: "decoy", owner_kind: "decoy" });
		expect(score([at(12, "a.py")], args).findings[0]).toMatchObject({ owner: "bug", distance: 2 });
		expect(score([at(13, "a.py")], args).value).toBe(0);
		expect(score([at(12, "a.py")], args).value).toBe(1);
	});

	it("gives a tie between two bugs to the one listed first", () => {
		const bugs = [
			{ id: "first", file: "a.py", lines: [[10, 10]] as [number, number][] },
			{ id: "second", file: "a.py", lines: [[14, 14]] as [number, number][] },
		];
		expect(score([at(12, "a.py")], { bugs, decoys: [] }).findings[0]?.owner).toBe("first");
		expect(score([at(12, "a.py")], { bugs: [...bugs].reverse(), decoys: [] }).findings[0]?.owner).toBe("second");
	});

	it("counts a bug once however many findings are on it; the others are repeats that cost nothing", () => {
		const scored = score([at(41), at(42), at(10), at(91)]);
		expect(scored.findings.map((finding) => finding.status)).toEqual(["found", "repeat", "found", "repeat"]);
		expect(scored.raw_score).toBe(1);
		expect(scored.false_positives).toBe(0);
	});

	it("costs decoy_penalty per decoy hit and fp_penalty per false positive", () => {
		const scored = score([at(41), at(60), at(61), at(120)]);
		expect(scored.decoys_hit).toEqual(["looks-wrong"]);
		expect(scored.findings.map((finding) => finding.status)).toEqual(["found", "decoy", "repeat", "false_positive"]);
		expect(scored.raw_score).toBeCloseTo((1 - 0.25 * 1 - 0.5 * 1) / 2, 12);
		expect(scored.bugs_missed).toEqual(["unit"]);
	});

	it("scores nothing for spraying a finding on every line", () => {
		const spray = Array.from({ length: 150 }, (_, index) => at(index + 1));
		const scored = score(spray);
		expect(scored.bugs_found).toEqual(["boundary", "unit"]);
		expect(scored.raw_score).toBeLessThan(0);
		expect(scored.value).toBe(0);
	});

	it("floors the score at 0 and reads no findings as 0", () => {
		expect(score([at(60), at(200), at(201)]).raw_score).toBeCloseTo((0 - 0.5 - 0.5) / 2, 12);
		expect(score([at(60), at(200), at(201)]).value).toBe(0);
		expect(score([])).toMatchObject({ value: 0, bugs_missed: ["boundary", "unit"], false_positives: 0 });
	});
});

describe("normalizeFindingPath", () => {
	const known = new Set(["src/retention.py", "b/x.py"]);
	it("reads the ways a reviewer may write a fixture path", () => {
		for (const written of [
			"src/retention.py",
			"./src/retention.py",
			"src\\retention.py",
			".\\src\\retention.py",
			" src//retention.py ",
			"/workspace/src/retention.py",
			"b/src/retention.py",
			"a/src/retention.py",
		])
			expect(normalizeFindingPath(written, known), written).toBe("src/retention.py");
	});

	it("keeps a real folder named like a diff prefix, case, and paths that name no known file", () => {
		expect(normalizeFindingPath("b/x.py", known)).toBe("b/x.py");
		expect(normalizeFindingPath("SRC/retention.py", known)).toBe("SRC/retention.py");
		expect(normalizeFindingPath("/etc/passwd", known)).toBe("/etc/passwd");
		expect(normalizeFindingPath("retention.py", known)).toBe("retention.py");
	});
});
