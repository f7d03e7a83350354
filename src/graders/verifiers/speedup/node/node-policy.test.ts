import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SPEEDUP_LANGUAGE_SUPPORT } from "../languages.js";
import { checkNodeCandidate } from "./node-policy.js";
import { ALLOWED_NODE_GLOBALS, BANNED_NODE_NAMES } from "./node-policy-rules.js";
import { prepareNodeCandidate } from "./prepare-node-candidate.js";

const rules = (source: string, allowed: readonly string[] = []) =>
	checkNodeCandidate(source, allowed).map((violation) => `${violation.rule}@${violation.line}:${violation.column}`);

describe("checkNodeCandidate", () => {
	it("accepts a plain pure module, with property names that only look like banned ones", () => {
		const source = [
			"const cache = new Map();",
			"export function total(rows, { process: step = 1 } = {}) {",
			"  const out = { eval: 1, global: 2, constructor: 3 };",
			"  class Acc { constructor() { this.n = 0; } process(x) { this.n += x; } }",
			"  const acc = new Acc();",
			"  for (let i = 0; i < rows.length; i++) acc.process(rows[i] * step);",
			"  outer: for (;;) break outer;",
			"  return { ...out, n: acc.n, cached: cache.size, arr: rows.map((r) => r[0]) };",
			"}",
		].join("\n");
		expect(rules(source)).toEqual([]);
	});

	it("refuses imports outside allowed_imports and every relative or local one, at their line and column", () => {
		const source = [
			'import { readFileSync } from "node:fs";',
			'import { execSync } from "node:child_process";',
			'import { join } from "node:path";',
			'import helper from "./helper.mjs";',
			'export * from "../up.mjs";',
			'export { x } from "/abs.mjs";',
		].join("\n");
		expect(rules(source, ["node:path"])).toEqual([
			"import-not-allowed@1:30",
			"import-not-allowed@2:26",
			"relative-import@4:20",
			"relative-import@5:15",
			"relative-import@6:19",
		]);
		expect(checkNodeCandidate(source, [])[0]?.message).toMatch(/node:fs, which is not in allowed_imports \(none\)/);
	});

	it("refuses dynamic import(), import.meta, eval, Function, process, globalThis and the other banned names", () => {
		const source = [
			'export const a = () => import("node:fs");',
			"export const b = import.meta.url;",
			'export const c = eval("1");',
			'export const d = new Function("return 1");',
			"export const e = process.env;",
			"export const f = globalThis.process;",
			"export const g = Reflect.ownKeys({}), h = new Proxy({}, {});",
			"export const i = (global, require) => WebAssembly;",
			"console.log(1); setTimeout(() => {}); const { x: performance } = {};",
		].join("\n");
		expect(rules(source)).toEqual([
			"dynamic-import@1:24",
			"import-meta@2:18",
			"banned-name@3:18",
			"banned-name@4:22",
			"banned-name@5:18",
			"banned-name@6:18",
			"banned-name@7:18",
			"banned-name@7:47",
			"banned-name@8:19",
			"banned-name@8:27",
			"banned-name@8:39",
			"banned-name@9:1",
			"banned-name@9:17",
			"banned-name@9:50",
		]);
	});

	it("refuses reflective access by name, literal key or destructuring, and __proto__ keys, but not computed indexes", () => {
		const source = [
			"export const a = (() => {}).constructor;",
			'export const b = ({})["__proto__"], c = [][`constructor`];',
			"export const { constructor: d } = () => {};",
			"export const e = Object.getPrototypeOf([]), f = Object.defineProperty;",
			"export const g = { __proto__: null };",
			"export const h = (xs, i) => xs[i] + xs[i + 1];",
			"export const j = Array.prototype.slice;",
		].join("\n");
		expect(rules(source)).toEqual([
			"banned-property@1:29",
			"banned-property@2:23",
			"banned-property@2:44",
			"banned-property@3:16",
			"banned-property@4:25",
			"banned-property@4:56",
			"banned-property@5:20",
			"banned-property@7:24",
		]);
	});

	it("reports a syntax error (CommonJS-only syntax, a with statement) as a violation with its place", () => {
		const [violation] = checkNodeCandidate("export const x = 1;\nwith (x) {}\n", []);
		expect(violation).toMatchObject({ rule: "syntax", line: 2, column: 1 });
	});
});

describe("prepareNodeCandidate", () => {
	it("strips TypeScript on the host, keeping lines, then applies the same policy", () => {
		const source = [
			'import type { Row } from "./types";',
			"type Pair = [number, number];",
			"export function sum(rows: readonly number[]): number {",
			"  const out: Pair = [0, 0];",
			"  return rows.reduce((a, b) => a + b, out[0]) + (process.pid as number);",
			"}",
		].join("\n");
		const prepared = prepareNodeCandidate("mod.ts", source, []);
		expect(prepared.ok).toBe(false);
		if (prepared.ok) return;
		expect(prepared.violations.map((violation) => [violation.rule, violation.line])).toEqual([["banned-name", 5]]);
		expect(prepared.detail).toMatch(/^mod\.ts:5:\d+: banned-name: `process`/);
		const clean = prepareNodeCandidate("mod.ts", source.replace(" + (process.pid as number)", ""), []);
		expect(clean.ok && clean.source).toContain("export function sum(rows) {");
	});
});

describe("the policy's name lists", () => {
	it("allow exactly the globals the helper keeps", async () => {
		const helper = await readFile(fileURLToPath(SPEEDUP_LANGUAGE_SUPPORT.node.helperFile), "utf8");
		const list = /const ALLOWED_GLOBALS = \(([^)]*)\)\.split\(" "\);/.exec(helper)?.[1] ?? "";
		const helperNames = [...list.matchAll(/"([^"]*)"/g)]
			.map((match) => match[1])
			.join("")
			.split(" ");
		expect(helperNames).toEqual([...ALLOWED_NODE_GLOBALS]);
	});

	it("cover every global of the Node running this test, so a new global is a decision, not a gap", () => {
		const known = new Set([...ALLOWED_NODE_GLOBALS, ...BANNED_NODE_NAMES]);
		// Vitest's own globals are not Node's.
		const missing = Object.getOwnPropertyNames(globalThis).filter(
			(name) => !known.has(name) && !name.startsWith("__vitest"),
		);
		expect(missing).toEqual([]);
	});
});
