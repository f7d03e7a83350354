import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/support/cli.js";
import { writeSprintFixture } from "../../test/support/sprint-fixture.js";
import { BadInputError } from "../contract/index.js";
import { loadDefinitions } from "./load-definitions.js";
import { loadSprints } from "./load-sprints.js";
import { sprintVersion } from "./sprint-version.js";

async function versionOf(benchmarksDir: string): Promise<string> {
	const [sprint] = loadSprints(benchmarksDir);
	if (sprint === undefined) throw new Error("no sprint");
	return sprintVersion(sprint);
}

describe("sprintVersion", () => {
	it("is the same for the same sprint wherever its folder is checked out", async () => {
		const fixture = writeSprintFixture();
		const version = await versionOf(fixture.dir);
		expect(version).toMatch(/^[0-9a-f]{12}$/);
		expect(await versionOf(fixture.dir)).toBe(version);
		const elsewhere = join(tempDir("touchstone-sprint-copy-"), "benchmarks");
		cpSync(fixture.dir, elsewhere, { recursive: true });
		expect(await versionOf(elsewhere)).toBe(version);
	});

	it("changes with every frozen part: the etalon's files, a mutation patch, the guide, the registry entry", async () => {
		const versions = new Set<string>();
		const fixture = writeSprintFixture();
		const file = (...parts: string[]) => join(fixture.sprintDir, ...parts);
		const edits: (() => void)[] = [
			() => {},
			() => writeFileSync(file("etalon", "calc.js"), "export const add = (a, b) => b + a;\n"),
			() => writeFileSync(file("etalon", "test", "more.test.js"), "test('more', () => {});\n"),
			() => writeFileSync(file("mutations", "02-zero.patch"), "--- a/calc.js\n+++ b/calc.js\n-a + b\n+1\n"),
			() => writeFileSync(file("mutations", "03-new.patch"), "--- a/x\n+++ b/x\n"),
			() => writeFileSync(file("guide.md"), "# Rules\nNever ask; decide. Commit often.\n"),
			() =>
				writeFileSync(file("sprint.yaml"), readFileSync(file("sprint.yaml"), "utf8").replace("1a2b3c4d", "5e6f7a8b")),
		];
		for (const edit of edits) {
			edit();
			versions.add(await versionOf(fixture.dir));
		}
		expect(versions.size).toBe(edits.length);
	});

	it("leaves out the title, which changes how a row is shown, not what it measured", async () => {
		const fixture = writeSprintFixture();
		const before = await versionOf(fixture.dir);
		const yaml = join(fixture.sprintDir, "sprint.yaml");
		writeFileSync(yaml, readFileSync(yaml, "utf8").replace("Calculator refactor", "The calculator, refactored"));
		expect(await versionOf(fixture.dir)).toBe(before);
	});
});

describe("loadDefinitions and the sprints", () => {
	it("carries the sprints of the benchmarks folder", () => {
		const definitions = writeSprintFixture().load();
		expect(definitions.sprints.map((sprint) => [sprint.id, sprint.title])).toEqual([
			["example", "Calculator refactor"],
		]);
	});

	it("refuses a use case that takes a sprint's use case id, at its line, with the sprint's problems beside it", () => {
		const fixture = writeSprintFixture();
		const useCases = join(fixture.dir, "use_cases.yaml");
		const written = readFileSync(useCases, "utf8");
		writeFileSync(
			useCases,
			`${written}  - id: sprint-example\n    status: idea\n    modality: { input: text, output: text }\n    unlock: u\n    ceiling: c\n`,
		);
		let error: unknown;
		try {
			fixture.load();
		} catch (caught) {
			error = caught;
		}
		expect(error).toBeInstanceOf(BadInputError);
		const issues = (error as BadInputError).issues;
		expect(issues).toEqual([
			expect.objectContaining({
				source: useCases,
				path: "use_cases[1].id",
				// The appended entry's first line.
				line: written.split("\n").length,
				message: expect.stringContaining("taken by the sprint in sprints/example/"),
			}),
		]);
		// A broken sprint.yaml is listed with the other files' problems, not instead of them.
		const yaml = join(fixture.sprintDir, "sprint.yaml");
		writeFileSync(yaml, readFileSync(yaml, "utf8").replace("1a2b3c4d", "main"));
		writeFileSync(join(fixture.dir, "models.yaml"), "models: 3\n");
		expect(() => loadDefinitions(fixture.dir)).toThrow(/2 problems/);
	});
});
