import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openStore, type Store } from "../src/store/index.js";
import {
	calibrationDocument,
	failedVote,
	freezeDocument,
	recordFixtureRun,
	USE_CASE,
	VERSION,
	vote,
} from "./calibration-fixture.js";
import { runCli, tempDir } from "./support/cli.js";

/** A folder whose store (where runCli points TOUCHSTONE_*) holds six jury-graded current runs. */
function fixtureFolder(): { cwd: string; runIds: string[] } {
	const cwd = tempDir();
	const runIds = withStore(cwd, (store) => {
		const document = calibrationDocument();
		freezeDocument(store, VERSION, document);
		const cells = [
			["c1", "m1", 0.9],
			["c1", "m2", 0.3],
			["c2", "m1", 0.8],
			["c2", "m2", 0.75],
			["c3", "m1", 0.6],
			["c3", "m2", 0.4],
		] as const;
		return cells.map(([caseId, modelId, headline], index) =>
			recordFixtureRun(store, VERSION, document, {
				caseId,
				modelId,
				headline,
				critical: headline < 0.5,
				votes: [vote("j1", headline, false), vote("j2", headline - 0.1, index === 1), failedVote("j3")],
			}),
		);
	});
	return { cwd, runIds };
}

function withStore<T>(cwd: string, use: (store: Store) => T): T {
	const store = openStore({ database: join(cwd, "data", "benchmarks.db"), artifacts: join(cwd, "data", "artifacts") });
	try {
		return use(store);
	} finally {
		store.close();
	}
}

describe("touchstone rate, spawned end to end", () => {
	it("records a label or a rating, prints it, and the latest rating counts", async () => {
		const { cwd, runIds } = fixtureFolder();
		const [runId = ""] = runIds;
		const label = await runCli(["rate", runId, "--label", "ship", "--note", "clean, no fabrication"], { cwd });
		expect(label.stderr).toBe("");
		expect(label.code).toBe(0);
		expect(label.stdout).toContain(`rated run ${runId}: 1.000 (ship)`);
		expect(label.stdout).toContain("summarization / case c1 / m1 (single-shot), sample 0");
		expect(label.stdout).toContain("note: clean, no fabrication");

		const rating = await runCli(["rate", runId, "--rating", "0.45"], { cwd });
		expect(rating.code).toBe(0);
		expect(rating.stdout).toContain(`rated run ${runId}: 0.450 (edit by the cut-offs)`);
		expect(rating.stdout).toContain("replaces 1.000 (ship) given");

		const both = await runCli(["rate", runId, "--label", "reject", "--rating", "0.3"], { cwd });
		expect(both.code).toBe(0);
		withStore(cwd, (store) => {
			expect(store.latestOwnerRating(runId)).toMatchObject({ rating: 0.3, label: "reject", note: null });
		});
	});

	it("refuses an unknown run, an out-of-range rating, a disagreeing label or no rating, exit 2, recording nothing", async () => {
		const { cwd, runIds } = fixtureFolder();
		const [runId = ""] = runIds;
		const unknown = await runCli(["rate", "no-such-run", "--label", "ship"], { cwd });
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("no run no-such-run in the store");

		const outOfRange = await runCli(["rate", runId, "--rating", "1.5"], { cwd });
		expect(outOfRange.code).toBe(2);
		expect(outOfRange.stderr).toContain('"1.5" is not a number from 0 to 1');

		const disagreeing = await runCli(["rate", runId, "--label", "ship", "--rating", "0.5"], { cwd });
		expect(disagreeing.code).toBe(2);
		expect(disagreeing.stderr).toContain('0.5 means "edit"');

		const neither = await runCli(["rate", runId, "--label", "meh"], { cwd });
		expect(neither.code).toBe(2);
		expect(neither.stderr).toContain('"meh" is not a label');
		expect(neither.stdout).toBe("");
		withStore(cwd, (store) => expect(store.latestOwnerRating(runId)).toBeNull());

		const noStore = await runCli(["rate", runId, "--label", "ship"], { cwd: tempDir() });
		expect(noStore.code).toBe(2);
		expect(noStore.stderr).toContain("there is no store");
	});
});

describe("touchstone calibrate, spawned end to end", () => {
	it("without rated runs says how to rate, lists runs to rate, records nothing and exits 0", async () => {
		const { cwd, runIds } = fixtureFolder();
		const result = await runCli(["calibrate", "--use-case", USE_CASE], { cwd });
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("No owner-rated current runs with a jury headline yet");
		expect(result.stdout).toContain("touchstone rate RUN_ID --label ship");
		expect(result.stdout).toContain(`${runIds[0]}  case c1, m1 (single-shot), sample 0`);
		expect(result.stdout).toContain("… and 1 more");
		expect(result.stdout).toContain("Nothing was recorded");
		withStore(cwd, (store) => expect(store.listCalibrations(USE_CASE)).toEqual([]));
	});

	it("prints the report card of rated runs and appends it; --json prints the same report", async () => {
		const { cwd, runIds } = fixtureFolder();
		const labels = ["ship", "reject", "edit", "reject", "ship", "reject"];
		for (const [index, runId] of runIds.entries())
			expect((await runCli(["rate", runId, "--label", labels[index] as string], { cwd })).code).toBe(0);

		const card = await runCli(["calibrate", "--use-case", USE_CASE], { cwd });
		expect(card.stderr).toBe("");
		expect(card.code).toBe(0);
		expect(card.stdout).toContain(`Calibration of ${USE_CASE} (${VERSION}), jury headline: composite`);
		expect(card.stdout).toContain("6 owner-rated runs compared, of 6 current (0 unrated).");
		// deltas −0.1, +0.1, +0.2, +0.55, −0.4, +0.2: MAD = 1.55 / 6 = 0.258
		expect(card.stdout).toMatch(/agreement \(1 − MAD\)\s+0\.742\s+\S+ \.\. \S+\s+6/);
		expect(card.stdout).toMatch(/mean absolute delta\s+0\.258/);
		// rejected: runs 2, 4, 6; the gate tripped on 2 and 6
		expect(card.stdout).toMatch(/rejects caught by the critical gate\s+67%\s+- \(n < 5\)\s+3/);
		expect(card.stdout).toMatch(
			new RegExp(`${runIds[3]}\\s+c2\\s+m2 \\(single-shot\\)\\s+0\\.200 reject\\s+0\\.750\\s+\\+0\\.550`),
		);
		expect(card.stdout).toMatch(/faithfulness\s+interval\s+\d\.\d{3}/);
		expect(card.stdout).toContain("Recorded as calibration #1.");

		const json = await runCli(["calibrate", "--use-case", USE_CASE, "--json"], { cwd });
		expect(json.code).toBe(0);
		const parsed = JSON.parse(json.stdout) as { calibration_id: number; report: { n: number; agreement: unknown } };
		expect(parsed.calibration_id).toBe(2);
		expect(parsed.report.n).toBe(6);
		withStore(cwd, (store) => {
			const stored = store.listCalibrations(USE_CASE);
			expect(stored.map((row) => row.n)).toEqual([6, 6]);
			// same store, same seed: the printed and the recorded reports are the same report
			expect(stored[1]?.report).toEqual(parsed.report);
			expect(stored[0]?.report).toEqual(stored[1]?.report);
		});
	});

	it("refuses a use case without results, naming those with results, exit 2", async () => {
		const { cwd } = fixtureFolder();
		const result = await runCli(["calibrate", "--use-case", "summarisation"], { cwd });
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("use case summarisation has no spec snapshot yet");
		expect(result.stderr).toContain(`use cases with results: ${USE_CASE}`);
		const noStore = await runCli(["calibrate", "--use-case", USE_CASE], { cwd: tempDir() });
		expect(noStore.code).toBe(2);
		expect(noStore.stderr).toContain("there is no store");
	});
});
