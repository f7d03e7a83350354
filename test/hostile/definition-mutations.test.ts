import { existsSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadScript, type ScriptedServer, startScriptedServer } from "../../src/scripted-server/index.js";
import { type BoundedCliResult, ROOT, runCliBounded } from "../support/cli.js";
import { CATEGORIES, type Category, freshCopy } from "./definition-mutation-kit.js";
import { MUTATIONS, type Mutation } from "./definition-mutations.js";

/** How long one CLI answer may take before the mutation counts as a hang. */
const BOUND_MS = 10_000;
/** Mutations run at once (the machine is shared; each is a real process). */
const BATCH = 4;

type Outcome = BoundedCliResult;

let server: ScriptedServer;
beforeAll(async () => {
	server = await startScriptedServer({ script: await loadScript(join(ROOT, "examples", "scripted", "demo.yaml")) });
});
afterAll(async () => server.close());

/** Spawns the built CLI in `cwd` with a store inside it, killed past the bound so a hang fails the mutation. */
function cli(cwd: string, args: readonly string[]): Promise<Outcome> {
	return runCliBounded(args, { cwd, timeoutMs: BOUND_MS, env: { TOUCHSTONE_SCRIPTED_URL: server.url } });
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The answer to bad input: exit 2 in time, the file named (with a line when it parses), a fix, no crash. */
function expectRefused(mutation: Mutation, outcome: Outcome): void {
	const said = `${outcome.stderr}\n${outcome.stdout}`.slice(0, 4000);
	expect(outcome.killed, `hung past ${BOUND_MS} ms`).toBe(false);
	expect(said).not.toMatch(/^\s+at .+/m);
	expect(said).not.toMatch(/TypeError|RangeError|SyntaxError|unexpected error/);
	expect(outcome.code, said).toBe(2);
	const file = escapeRegExp(mutation.file.startsWith("script") ? mutation.file : `benchmarks/${mutation.file}`);
	expect(outcome.stderr).toMatch(new RegExp(mutation.line === false ? file : `${file}[^\\s:]*:\\d+:\\d+ `));
	expect(outcome.stderr).toContain("fix:");
}

/** Spec and run rows of the store under `root`, zero when no store was created. */
function storeRows(root: string): { specs: number; runs: number } {
	const path = join(root, "data", "benchmarks.db");
	if (!existsSync(path)) return { specs: 0, runs: 0 };
	const db = new Database(path, { readonly: true });
	try {
		const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
		return { specs: count("spec_snapshots"), runs: count("runs") };
	} finally {
		db.close();
	}
}

const held = new Map<Category, number>(CATEGORIES.map((category) => [category, 0]));

async function probe(mutation: Mutation): Promise<void> {
	const copy = freshCopy();
	mutation.apply(copy);
	const args =
		mutation.category === "script" ? ["scripted-server", "--script", "script.yaml", "--port", "0"] : ["validate"];
	const outcome = await cli(copy.root, args);
	if (mutation.valid !== undefined) {
		expect(outcome.stderr, mutation.valid).toBe("");
		expect(outcome.code, mutation.valid).toBe(0);
	} else expectRefused(mutation, outcome);
	if (mutation.run === true) {
		const ran = await cli(copy.root, ["run", "--use-case", "extraction"]);
		expectRefused(mutation, ran);
		expect(storeRows(copy.root)).toEqual({ specs: 0, runs: 0 });
	}
	held.set(mutation.category, (held.get(mutation.category) ?? 0) + 1);
}

for (let start = 0; start < MUTATIONS.length; start += BATCH) {
	describe.concurrent(`mutations ${start + 1} to ${Math.min(start + BATCH, MUTATIONS.length)}`, () => {
		for (const mutation of MUTATIONS.slice(start, start + BATCH))
			it(`${mutation.category}: ${mutation.name}`, () => probe(mutation), 2 * BOUND_MS + 5_000);
	});
}

describe("the count", () => {
	it("every mutation held, and there are at least 80 of them", () => {
		const total = [...held.values()].reduce((sum, count) => sum + count, 0);
		const byCategory = CATEGORIES.map((category) => `${category} ${held.get(category)}`).join(", ");
		console.log(`definition mutations: ${MUTATIONS.length} tried, ${total} held (${byCategory})`);
		expect(new Set(MUTATIONS.map((mutation) => `${mutation.category}: ${mutation.name}`)).size).toBe(MUTATIONS.length);
		expect(total).toBe(MUTATIONS.length);
		expect(MUTATIONS.length).toBeGreaterThanOrEqual(80);
	});
});
