import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, runCli } from "./support/cli.js";
import { firstCase, PROMPTFOO_FILE, type SourcesStore, sourcesStore } from "./support/sources-store.js";

/*
 * The CLI's tables over a store of rows recorded here, ingested from another store (`lab`), imported
 * from promptfoo and summarised elsewhere (`far`): every row, cell and sample from elsewhere names
 * its source, and a legend says what the mark means.
 */

let fixture: SourcesStore;
let importedCase: string;
beforeAll(() => {
	fixture = sourcesStore();
	importedCase = firstCase(fixture.store, fixture.imported.use_case_id);
	// The CLI processes open the store themselves.
	fixture.store.close();
});
afterAll(() => fixture?.remove());

async function cli(args: string[]): Promise<string> {
	const result = await runCli(args, { cwd: fixture.root });
	expect(result.code, result.stderr).toBe(0);
	return result.stdout;
}

/** The table line of a model (it starts the line), or "" when none. */
const lineOf = (output: string, start: string) => output.split("\n").find((line) => line.startsWith(start)) ?? "";

describe("source labels in the CLI", () => {
	it("marks leaderboard rows from elsewhere with their source, mixed rows with + here, and says what it means", async () => {
		const output = await cli(["leaderboard", "--use-case", "agentic"]);
		expect(lineOf(output, "m/b ")).toMatch(/^m\/b \[lab\] /);
		expect(lineOf(output, "m/a ")).toMatch(/^m\/a \[lab \+ here\] /);
		expect(lineOf(output, "m/local ")).not.toContain("[");
		expect(output).toContain("[source] rows brought in from elsewhere");
		expect(output).toContain("+ here: some of its rows ran here too");
		expect(lineOf(output, "m/c ")).toMatch(/^m\/c ≈ .*\(aggregate from far\)$/);
	});

	it("marks matrix cells from elsewhere with † and names each column's sources", async () => {
		const output = await cli(["matrix", "--use-case", "agentic"]);
		const header = lineOf(output, "case ");
		expect(header).toContain("m/b [lab]");
		expect(header).toContain("m/a [lab]");
		expect(header).not.toContain("m/local [");
		// m/a: c0 ran here, c1 and c2 came from lab.
		const cells = (caseId: string) => lineOf(output, `${caseId} `);
		expect(cells("c0").match(/†/g)?.length).toBe(1);
		expect(cells("c1").match(/†/g)?.length).toBe(2);
		expect(output).toContain("† rows brought in from elsewhere");
	});

	it("names an inspected sample's source and origin: the other store's run, or the imported file", async () => {
		const ingested = await cli(["inspect", "--use-case", "agentic", "--case", "c1"]);
		expect(ingested).toContain("from elsewhere: samples of lab");
		expect(ingested).toMatch(/-- sample 0 \(run [^)]+\) \[lab\]: completed/);
		expect(ingested).toMatch(
			/ {3}from: lab, ingested from .*benchmarks\.db \(run \S+ there\) at \S+; definitions lab@agentic@/,
		);
		const { use_case_id, source, sha256 } = fixture.imported;
		const imported = await cli(["inspect", "--use-case", use_case_id, "--case", importedCase]);
		expect(imported).toContain(
			`definitions: promptfoo:${PROMPTFOO_FILE}@${sha256.slice(0, 12)} (written by ${source})`,
		);
		expect(imported).toContain(`   from: ${source}, imported from promptfoo ${PROMPTFOO_FILE} (sha256 ${sha256})`);
	});

	it("shows in the roster who made each use case's results, and the models known only from summaries", async () => {
		const output = await cli(["roster", "--dir", join(ROOT, "examples", "benchmarks")]);
		expect(lineOf(output, "agentic ")).toMatch(/ 9 +3 \+1 ≈ .* here, far, lab$/);
		expect(lineOf(output, "summaries-only ")).toMatch(/ 0 +0 \+1 ≈ +- +far$/);
		expect(lineOf(output, `${fixture.imported.use_case_id} `)).toContain(fixture.imported.source);
		expect(output).toContain("+n ≈: models known only from another store's summary");
	});

	it("writes aggregate rows into the report, aggregate-only use cases too", async () => {
		const out = join(fixture.root, "report.md");
		await cli(["report", "--out", out]);
		const { readFileSync } = await import("node:fs");
		const markdown = readFileSync(out, "utf8");
		expect(markdown).toContain("## summaries-only");
		expect(markdown).toMatch(/^\| m\/z \| .*aggregate from far, 2 cases \|$/m);
		expect(markdown).toMatch(/^\| m\/b \| .*from lab \|$/m);
	});
});
