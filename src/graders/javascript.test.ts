import { writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BadInputError, defineCase } from "../contract/index.js";
import { createJavascriptGrader, fileHash } from "./javascript.js";
import { attempt, gradeOne } from "./testing.js";

let dir = "";
beforeAll(async () => {
	dir = await mkdtemp(join(tmpdir(), "touchstone-js-check-"));
});

/** A grader over a module with this source, written to a fresh file. */
function moduleGrader(name: string, source: string, timeout_ms?: number) {
	const path = join(dir, `${name}.mjs`);
	writeFileSync(path, source);
	return createJavascriptGrader({
		module: path,
		label: `./checks/${name}.mjs`,
		sha256: fileHash(path) ?? "",
		metric: "sql",
		...(timeout_ms === undefined ? {} : { timeout_ms }),
	});
}

describe("javascript check", () => {
	it("scores a boolean as pass/fail, a number as a fraction, and keeps the module's reasoning", async () => {
		const pass = await gradeOne(
			moduleGrader("bool", "export const check = ({ output }) => output.startsWith('SELECT');"),
			"SELECT 1",
		);
		expect(pass).toMatchObject({ metric: "sql", score_type: "boolean", value: 1, grader_version: "javascript@1" });
		const fail = await gradeOne(
			moduleGrader("bool2", "export const check = ({ output }) => output.startsWith('SELECT');"),
			"DROP x",
		);
		expect(fail.value).toBe(0);
		const fraction = await gradeOne(
			moduleGrader(
				"frac",
				"export async function check({ output }) { return { value: output.length / 10, reasoning: 'len ' + output.length }; }",
			),
			"12345",
		);
		expect(fraction).toMatchObject({ score_type: "absolute", value: 0.5, reasoning: "len 5" });
	});

	it("passes output, input, reference without checks, and input.vars to the module", async () => {
		const grader = moduleGrader(
			"args",
			"export const check = (args) => ({ value: true, reasoning: JSON.stringify(args) });",
		);
		const testCase = defineCase({
			id: "c",
			version: "1",
			use_case_id: "t",
			kind: "floor",
			input: { prompt: "p", vars: { table: "users" } },
			reference: { answer: "SELECT", checks: [{ metric: "sql" }] },
			threshold: 1,
			metadata: {},
		});
		const [score] = await grader.grade(
			{ case: testCase, attempt: attempt("out") },
			{ signal: new AbortController().signal },
		);
		expect(JSON.parse(score?.reasoning ?? "")).toEqual({
			output: "out",
			input: { prompt: "p", vars: { table: "users" } },
			reference: { answer: "SELECT" },
			vars: { table: "users" },
		});
	});

	it("turns a throw, a rejection, a timeout, a bad value and a missing export into a grader error naming the module", async () => {
		const cases: [string, string, RegExp][] = [
			["throws", "export function check() { throw new Error('no FROM clause'); }", /throws\.mjs threw: no FROM clause/],
			[
				"rejects",
				"export async function check() { throw new TypeError('bad parse'); }",
				/rejects\.mjs threw: bad parse/,
			],
			["loops", "export function check() { for (;;) {} }", /loops\.mjs ran longer than 200 ms/],
			["range", "export const check = () => 1.5;", /range\.mjs returned 1\.5, out of 0\.\.1/],
			["nan", "export const check = () => NaN;", /nan\.mjs returned NaN/],
			["shape", "export const check = () => 'yes';", /shape\.mjs returned a string "yes"/],
			["noexport", "export const other = 1;", /noexport\.mjs exports no check function/],
			["clone", "export const check = () => () => 1;", /clone\.mjs returned a value that cannot be copied/],
		];
		for (const [name, source, message] of cases)
			await expect(gradeOne(moduleGrader(name, source, 200), "x"), name).rejects.toThrow(message);
	}, 30_000);

	it("stops a module that allocates past its heap limit", async () => {
		const grader = moduleGrader(
			"hog",
			"export function check() { const a = []; for (;;) a.push(new Array(1e6).fill(1)); }",
			20_000,
		);
		await expect(gradeOne(grader, "x")).rejects.toThrow(/hog\.mjs ran out of memory/);
	}, 30_000);

	it("refuses a module edited after it was loaded, and an out-of-range timeout", async () => {
		const path = join(dir, "edited.mjs");
		writeFileSync(path, "export const check = () => true;");
		const grader = createJavascriptGrader({ module: path, label: "./edited.mjs", sha256: fileHash(path) ?? "" });
		writeFileSync(path, "export const check = () => false;");
		await expect(gradeOne(grader, "x")).rejects.toThrow(/changed since the run loaded it/);
		expect(() => createJavascriptGrader({ module: path, label: "x", sha256: "", timeout_ms: 0 })).toThrow(
			BadInputError,
		);
	});

	it("fails an attempt without output without calling the module", async () => {
		const grader = moduleGrader("never", "export function check() { throw new Error('called'); }");
		const score = await gradeOne(grader, null, { status: "timeout" });
		expect(score).toMatchObject({ value: 0, value_label: "fail" });
	});
});
