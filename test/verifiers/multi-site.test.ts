/**
 * Multi-site mode and other report formats end to end: three buggy modules with a hidden test
 * each, graded site by site under bubblewrap; and a Vitest task whose report is a file.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestsVerifier } from "../../src/graders/index.js";
import { finishedAttempt, grade, type TaskOnDisk, taskOnDisk, testsArgs } from "./task-on-disk.js";

const SANDBOX = { backend: "bubblewrap" } as const;

const SITES = ["parse", "format", "round"] as const;
const buggy = (site: string) => `export function ${site}(x) {\n\treturn x - 1;\n}\n`;
const fixed = (site: string) => `export function ${site}(x) {\n\treturn x;\n}\n`;
const gold = (site: string) => `import { test } from "node:test";
import assert from "node:assert/strict";
import { ${site} } from "../src/${site}.js";
test("${site} keeps its input", () => assert.equal(${site}(7), 7));
`;

describe("the tests verifier in multi-site mode", () => {
	let task: TaskOnDisk;
	beforeAll(async () => {
		const fixture: Record<string, string> = { "package.json": '{ "type": "module" }\n' };
		const hidden: Record<string, string> = {};
		for (const site of SITES) {
			fixture[`src/${site}.js`] = buggy(site);
			hidden[`hidden/${site}.test.js`] = gold(site);
		}
		task = await taskOnDisk(fixture, hidden);
	});
	afterAll(async () => {
		await task.cleanup();
	});

	const verifier = (pass_threshold: number) =>
		createTestsVerifier({
			taskDir: task.dir,
			sandbox: SANDBOX,
			verifier: {
				kind: "tests",
				args: testsArgs({
					command: ["node", "--test", "--test-reporter=tap"],
					gold_files: SITES.map((site) => ({ source: `hidden/${site}.test.js`, target: `tests/${site}.test.js` })),
					sites: Object.fromEntries(SITES.map((site) => [site, [`tests/${site}.test.js`]])),
					pass_threshold,
				}),
			},
		});

	it("scores the fraction of sites fixed, 2 of 3, and passes at a 2/3 threshold", async () => {
		const workspace = await task.workspace({ "src/parse.js": fixed("parse"), "src/format.js": fixed("format") });
		const scores = await grade(verifier(0.666666666667), finishedAttempt({ workspace }));
		expect(scores.tests).toMatchObject({ value: 2 / 3, value_label: "2/3" });
		expect(scores.passed?.value).toBe(1);
		expect(scores.tests?.reasoning).toMatch(
			/^2\/3 sites fixed \(pass threshold 0\.6667\); not fixed: round \(round keeps its input failed\)/,
		);
		expect(scores.tests?.extras).toMatchObject({
			mode: "sites",
			sites_fixed: 2,
			sites_total: 3,
			sites: {
				parse: { fixed: true, exit_code: 0, passed: ["parse keeps its input"] },
				format: { fixed: true },
				round: { fixed: false, exit_code: 1, failed: ["round keeps its input"] },
			},
		});
	});
});

describe("the tests verifier with a Vitest report file", () => {
	let task: TaskOnDisk;
	// Vitest itself comes from this repository's node_modules, mounted read-only in the sandbox.
	const nodeModules = join(import.meta.dirname, "../../node_modules");
	beforeAll(async () => {
		task = await taskOnDisk(
			{ "package.json": '{ "type": "module" }\n', "src/sum.js": "export const sum = (a, b) => a - b;\n" },
			{
				"hidden/sum.test.js": `import { describe, expect, it } from "vitest";
import { sum } from "../src/sum.js";
describe("sum", () => { it("adds", () => expect(sum(2, 3)).toBe(5)); });
`,
			},
		);
	});
	afterAll(async () => {
		await task.cleanup();
	});

	it("reads the report from report_file and finds `suite > test`", async () => {
		const workspace = await task.workspace({ "src/sum.js": "export const sum = (a, b) => a + b;\n" });
		const { symlink } = await import("node:fs/promises");
		await symlink(nodeModules, join(workspace.path, "node_modules"));
		const grader = createTestsVerifier({
			taskDir: task.dir,
			sandbox: { ...SANDBOX, readOnlyPaths: [nodeModules] },
			verifier: {
				kind: "tests",
				args: testsArgs({
					command: ["node", "node_modules/vitest/vitest.mjs", "run", "--reporter=json", "--outputFile=report.json"],
					gold_files: [{ source: "hidden/sum.test.js", target: "test/sum.test.js" }],
					report: "vitest",
					report_file: "report.json",
					required_tests: ["sum > adds"],
				}),
			},
		});
		const scores = await grade(grader, finishedAttempt({ workspace }));
		expect(scores.tests).toMatchObject({ value: 1, extras: { required: [{ name: "sum > adds", outcome: "passed" }] } });
	});
});
