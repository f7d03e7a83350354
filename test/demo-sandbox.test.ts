import { describe, expect, it } from "vitest";
import { openStore } from "../src/store/index.js";
import { runCli, tempDir } from "./support/cli.js";
import { pathWithout } from "./support/path-without.js";

interface BoardJson {
	rows: {
		model_id: string;
		samples: number;
		harness_errors: number;
		grader_errors: number;
		unisolated_rows: number;
	}[];
}

/** The code-fix table of a demo's output: its header line to the line before the decision. */
function codeFixTable(stdout: string): string[] {
	const lines = stdout.split("\n");
	const start = lines.findIndex((line) => line.startsWith("code-fix (code-fix@"));
	const end = lines.findIndex((line, index) => index > start && line.startsWith("Decision"));
	return lines.slice(start + 3, end).filter((line) => /^\S/.test(line));
}

describe("touchstone demo on a machine without bubblewrap or Python", () => {
	it("says so first, runs the task packs unisolated with every row marked, and re-runs them isolated once bubblewrap is back", async () => {
		const cwd = tempDir();
		const noBwrap = { PATH: pathWithout("bwrap", "python3", "redis-server") };
		const first = await runCli(["demo"], { cwd, env: noBwrap, timeoutMs: 150_000 });
		expect(first.code).toBe(0);
		const lines = first.stdout.split("\n");
		expect(lines[0]).toBe(
			"sandbox: bubblewrap (bwrap) is not installed, so the agents of code-fix, graded-code cannot run isolated from this machine.",
		);
		expect(lines[1]).toContain("apt-get install bubblewrap");
		expect(lines[2]).toContain("plain process backend");
		// Without python3, the Python speedup task cannot be graded: said first, with the fix.
		expect(lines[3]).toBe(
			"tools: `python3` is not installed where the sandbox looks for programs, so graded-code/rollup-speedup-py will end as grader errors (no credit, left out of the leaderboard, counted).",
		);
		expect(lines[4]).toContain("sudo apt-get install python3");
		// Without redis-server the demo runs as ever, and says what running on several machines needs.
		expect(lines[5]).toContain("queue: no `redis-server` here; the demo needs none");
		expect(lines[6]).toContain("sudo apt-get install redis-server");
		const graded = JSON.parse(
			(await runCli(["leaderboard", "--use-case", "graded-code", "--json"], { cwd, env: noBwrap })).stdout,
		) as BoardJson;
		expect(graded.rows.map((row) => [row.model_id, row.samples, row.grader_errors])).toEqual([
			["builtin/gold", 3, 1],
			["builtin/baseline", 3, 1],
		]);
		// Every cell ran and was graded: no harness error for a missing sandbox.
		expect(first.stdout).toContain("ran 15 cells (15 completed)");
		const rows = codeFixTable(first.stdout);
		expect(rows).toHaveLength(5);
		for (const row of rows) expect(row).toMatch(/^\S+ !/);
		// The default columns fit a 120-character terminal, marks included.
		for (const row of rows) expect(row.length).toBeLessThanOrEqual(120);
		expect(first.stdout).toContain("! unisolated: 15 rows ran their commands on the plain process backend");
		expect(first.stdout).toContain(
			"Isolated run of code-fix, graded-code: install bubblewrap, then run the demo again",
		);

		const board = JSON.parse(
			(await runCli(["leaderboard", "--use-case", "code-fix", "--json"], { cwd, env: noBwrap })).stdout,
		) as BoardJson;
		expect(board.rows.map((row) => [row.model_id, row.unisolated_rows])).toEqual(
			board.rows.map((row) => [row.model_id, row.samples + row.harness_errors]),
		);
		expect(board.rows.every((row) => row.unisolated_rows === 3)).toBe(true);
		// Single-shot use cases run no command: nothing to isolate, nothing marked.
		const extraction = JSON.parse(
			(await runCli(["leaderboard", "--use-case", "extraction", "--json"], { cwd, env: noBwrap })).stdout,
		) as BoardJson;
		expect(extraction.rows.every((row) => row.unisolated_rows === 0)).toBe(true);

		// With bubblewrap on the PATH again, the next demo runs those cells once more, isolated.
		const second = await runCli(["demo"], { cwd, timeoutMs: 150_000 });
		expect(second.code).toBe(0);
		expect(second.stdout).not.toContain("sandbox:");
		expect(second.stdout).not.toContain("tools:");
		expect(second.stdout).toContain("code-fix: bubblewrap works now; re-running the cells that ran unisolated");
		expect(second.stdout).toContain("ran 15 cells (15 completed)");
		expect(second.stdout).toContain("ran 0 cells");
		for (const row of codeFixTable(second.stdout)) expect(row).not.toMatch(/^\S+ !/);
		const isolated = JSON.parse(
			(await runCli(["leaderboard", "--use-case", "code-fix", "--json"], { cwd })).stdout,
		) as BoardJson;
		expect(isolated.rows.map((row) => row.unisolated_rows)).toEqual([0, 0, 0, 0, 0]);
		const store = openStore({
			database: `${cwd}/data/benchmarks.db`,
			artifacts: `${cwd}/data/artifacts`,
			readonly: true,
		});
		try {
			const backends = store.database
				.prepare(
					"SELECT json_extract(provenance_json, '$.runner.details.sandbox.backend') AS backend, count(*) AS n FROM runs WHERE use_case_id = 'code-fix' GROUP BY backend ORDER BY backend",
				)
				.all();
			// The unisolated rows are kept (append-only), replaced by the later isolated ones.
			expect(backends).toEqual([
				{ backend: "bubblewrap", n: 15 },
				{ backend: "process", n: 15 },
			]);
		} finally {
			store.close();
		}
	}, 240_000);
});
