import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { BadInputError, DEFAULT_INDEX_SETTINGS, type InputIssue } from "../contract/index.js";
import { loadIndexSettings } from "./load-index.js";

const roots: string[] = [];
afterEach(() => {
	for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A benchmarks folder holding index.yaml with `text` (none when null). */
function folder(text: string | null): string {
	const dir = mkdtempSync(join(tmpdir(), "touchstone-index-"));
	roots.push(dir);
	if (text !== null) writeFileSync(join(dir, "index.yaml"), text);
	return dir;
}

function issuesOf(dir: string): readonly InputIssue[] {
	try {
		loadIndexSettings(dir);
	} catch (error) {
		if (error instanceof BadInputError) return error.issues;
		throw error;
	}
	throw new Error("expected index.yaml to be refused");
}

describe("loadIndexSettings", () => {
	it("applies the documented defaults when the file is absent or empty, and says so", () => {
		expect(loadIndexSettings(folder(null))).toEqual({ settings: DEFAULT_INDEX_SETTINGS, source: null });
		const empty = folder("# nothing set yet\n");
		expect(loadIndexSettings(empty)).toEqual({ settings: DEFAULT_INDEX_SETTINGS, source: join(empty, "index.yaml") });
		expect(Object.keys(DEFAULT_INDEX_SETTINGS.roles)).toEqual(["planner", "implementer", "reviewer"]);
		// The commented example writes the defaults out.
		const example = fileURLToPath(new URL("../../examples/benchmarks", import.meta.url));
		expect(loadIndexSettings(example).settings).toEqual(DEFAULT_INDEX_SETTINGS);
	});

	it("reads roles (replacing the default set), min_n and tolerance, keeping only the weights written", () => {
		const dir = folder("roles:\n  triager: { correctness: 2, judge: 0.5 }\nmin_n: 5\ntolerance: 0.1\n");
		expect(loadIndexSettings(dir).settings).toEqual({
			roles: { triager: { correctness: 2, judge: 0.5 } },
			min_n: 5,
			tolerance: 0.1,
		});
		// Only tolerance set: the default roles and min_n stay.
		const partial = loadIndexSettings(folder("tolerance: 0\n")).settings;
		expect(partial).toEqual({ ...DEFAULT_INDEX_SETTINGS, tolerance: 0 });
	});

	it("refuses every problem of a hostile file at once, each at its line and path with a fix", () => {
		const text = [
			"roles:", // 1
			"  planner: { correctness: 1, judgment: 2 }", // 2: misspelt axis
			"  implementer: { correctness: -1 }", // 3: negative weight
			"  reviewer: { review: 0, security: 0 }", // 4: weighs nothing
			"  Bad Role: { correctness: 1 }", // 5: not a role name
			"min_n: 0", // 6
			"tolerance: 1.5", // 7
			"tolerence: 0.1", // 8: unknown key
		].join("\n");
		const issues = issuesOf(folder(text));
		const at = (path: string) => issues.find((issue) => issue.path === path);
		expect(at("roles.planner.judgment")).toMatchObject({ line: 2, fix: "did you mean `judgement`?" });
		expect(at("roles.planner.judgment")?.message).toContain("unknown key `judgment`");
		expect(at("roles.implementer.correctness")).toMatchObject({ line: 3 });
		expect(at("roles.reviewer")).toMatchObject({ line: 4 });
		expect(at("roles.reviewer")?.message).toBe("the role weighs no axis above 0, so it has no index");
		expect(at("roles.reviewer")?.fix).toContain("correctness: 1");
		expect(issues.some((issue) => issue.line === 5 && issue.path.startsWith("roles"))).toBe(true);
		expect(at("min_n")).toMatchObject({ line: 6 });
		expect(at("tolerance")).toMatchObject({ line: 7 });
		expect(at("tolerence")).toMatchObject({ line: 8, fix: "did you mean `tolerance`?" });
		expect(issues.every((issue) => issue.source.endsWith("index.yaml") && issue.column !== null)).toBe(true);
	});

	it("refuses broken YAML, a list instead of a mapping, an empty roles map and a folder named index.yaml", () => {
		expect(issuesOf(folder("min_n: 2\nroles:\n\tplanner: { correctness: 1 }\n"))[0]).toMatchObject({ line: 3 });
		expect(issuesOf(folder("- correctness\n"))[0]?.message).toMatch(/expected a mapping|expected an object/);
		expect(issuesOf(folder("roles: {}\n"))[0]).toMatchObject({ path: "roles", line: 1 });
		const bomb = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"];
		for (let level = 1; level <= 8; level++)
			bomb.push(
				`l${level}: &l${level} [${Array(9)
					.fill(`*l${level - 1}`)
					.join(", ")}]`,
			);
		expect(issuesOf(folder(`${bomb.join("\n")}\n`))[0]?.message).toMatch(/alias/);
		const dir = folder(null);
		mkdirSync(join(dir, "index.yaml"));
		expect(issuesOf(dir)[0]?.message).toContain("not a regular file");
	});
});
