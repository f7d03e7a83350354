import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiFixture, buildApiFixture } from "./api/api-fixture.js";
import { runCli, tempDir } from "./support/cli.js";

/* The terminal leaderboard's columns, from a store filled by real runs (model/right, model/wrong). */

let fixture: ApiFixture;
beforeAll(async () => {
	fixture = await buildApiFixture();
});
afterAll(() => fixture.close());

function header(stdout: string): string[] {
	return (stdout.split("\n")[1] ?? "").trim().split(/\s{2,}/);
}

describe("touchstone leaderboard --columns", () => {
	it("shows tokens and time to first token by default, within 120 characters", async () => {
		const result = await runCli(["leaderboard", "--use-case", "arith"], { cwd: fixture.root });
		expect(result.code).toBe(0);
		expect(header(result.stdout)).toEqual([
			"model",
			"headline",
			"95% CI",
			"pass",
			"vs deployed",
			"$/case",
			"latency",
			"ttft",
			"tokens",
			"errors",
		]);
		// One harness for every row: the title names it instead of a column.
		expect(result.stdout.split("\n")[0]).toMatch(/headline: composite, harness: single-shot$/);
		const right = result.stdout.split("\n").find((line) => line.startsWith("model/right"));
		expect(right).toMatch(/\s\d+ms\s+\d+(\.\d)?k?\/\d+(\.\d)?k?\s+-$/);
		for (const line of result.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(120);
	});

	it("shows the chosen columns in the chosen order", async () => {
		const result = await runCli(["leaderboard", "--use-case", "arith", "--columns", "ttft,harness,samples,cost"], {
			cwd: fixture.root,
		});
		expect(result.code).toBe(0);
		expect(header(result.stdout)).toEqual(["model", "ttft", "harness", "samples", "cost"]);
		expect(result.stdout.split("\n")[0]).not.toContain("harness:");
		const wrong = result.stdout.split("\n").find((line) => line.startsWith("model/wrong"));
		expect(wrong).toMatch(/^model\/wrong\s+\d+ms\s+single-shot\s+8\s+\$0\.00080$/);
		const all = await runCli(["leaderboard", "--use-case", "arith", "--columns", "all"], { cwd: fixture.root });
		expect(header(all.stdout)).toHaveLength(32);
	});

	it("lists the columns without a use case, and refuses an unknown one naming the choices (exit 2)", async () => {
		const list = await runCli(["leaderboard", "--list-columns"], { cwd: tempDir() });
		expect(list.code).toBe(0);
		expect(list.stdout).toMatch(/^ttft\s+default\s+median time to first token/m);
		expect(list.stdout).toMatch(/^cost\s{9,}total known cost/m);
		const unknown = await runCli(["leaderboard", "--use-case", "arith", "--columns", "ttft,speed"], {
			cwd: fixture.root,
		});
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("unknown column speed; choose from harness, headline, ci,");
		// The lenses read task packs: on a cases use case --lens is refused, saying why.
		const lens = await runCli(["leaderboard", "--use-case", "arith", "--lens", "cloud"], { cwd: fixture.root });
		expect(lens.code).toBe(2);
		expect(lens.stderr).toContain("arith is not a task use case");
	});
});
