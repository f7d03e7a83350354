import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseTestReport } from "./parse-report.js";

const TEST_FILE = `import { describe, it, test } from "node:test";
import assert from "node:assert/strict";
describe("sum", () => {
	it("adds", () => assert.equal(1 + 1, 2));
	it("breaks", () => assert.equal(1 + 1, 3));
});
test("later", { skip: true }, () => {});
`;

/** Runs this machine's `node --test` with a reporter and returns its stdout (it exits 1: a test fails). */
async function nodeTest(dir: string, reporter: string): Promise<string> {
	const run = promisify(execFile)(process.execPath, ["--test", `--test-reporter=${reporter}`, "tests/"], {
		cwd: dir,
		env: { PATH: process.env.PATH ?? "" },
	});
	return run.then(
		(output) => output.stdout,
		(error: { stdout?: string }) => error.stdout ?? "",
	);
}

describe("parseTestReport on reports node writes now", () => {
	let dir: string;
	beforeAll(async () => {
		dir = await mkdtemp(join(tmpdir(), "touchstone-report-"));
		await mkdir(join(dir, "tests"));
		await writeFile(join(dir, "package.json"), '{"type":"module"}');
		await writeFile(join(dir, "tests", "sum.test.js"), TEST_FILE);
	});
	afterAll(async () => {
		await rm(dir, { recursive: true, force: true });
	});

	it.each(["tap", "junit"])("reads the %s reporter's output the same way", async (reporter) => {
		const parsed = parseTestReport(await nodeTest(dir, reporter), "node-test");
		expect(parsed.ok).toBe(true);
		const leaves = parsed.ok ? parsed.tests.filter((test) => test.leaf) : [];
		expect(leaves.map((test) => [test.full_name, test.outcome])).toEqual([
			["sum > adds", "passed"],
			["sum > breaks", "failed"],
			["later", "skipped"],
		]);
	});

	it("refuses node's default (spec) output, which is not a report", async () => {
		expect(parseTestReport(await nodeTest(dir, "spec"), "node-test")).toMatchObject({ ok: false });
	});
});
