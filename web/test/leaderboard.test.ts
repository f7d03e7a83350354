import { symlinkSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../test/support/cli.js";
import { firstCase, type SourcesStore, sourcesStore } from "../../test/support/sources-store.js";
import type { Leaderboard, LeaderboardRow } from "../src/api/types.js";
import { useCaseLink } from "../src/route.js";
import { ms, score, usd } from "../src/ui/format.js";
import {
	type Dashboard,
	openDashboard,
	openDashboardOn,
	SCREENSHOT_DIR,
	screenshot,
	seriousViolations,
} from "./support/dashboard.js";
import { limitedDepthStore } from "./support/limited-store.js";
import { recordUnpricedReruns } from "./support/unpriced-runs.js";

/*
 * The leaderboard view against the demo store: every row the API gives is in the table with its
 * numbers, and the Pareto charts put each point, bar and band where the API's numbers say, read
 * back from the SVG Observable Plot drew (positions are checked against the scale the points
 * themselves imply: linear in the headline, logarithmic in cost and latency).
 */

let dashboard: Dashboard;
beforeAll(async () => {
	dashboard = await openDashboard();
}, 120_000);
afterAll(() => dashboard?.close());

async function board(useCase: string): Promise<Leaderboard> {
	const response = await fetch(`${dashboard.served.url}/api/v1/benchmarks/leaderboard?use_case=${useCase}`);
	return (await response.json()) as Leaderboard;
}

const rowSelector = (row: LeaderboardRow) => `[data-model="${row.model_id}"][data-harness="${row.harness}"]`;

async function numbers(locator: Locator, names: readonly string[]): Promise<number[]> {
	return locator.evaluate((element, attributes) => attributes.map((name) => Number(element.getAttribute(name))), names);
}

/** A scale fitted through two points (value → pixel), for checking every other mark against. */
function scaleThrough(a: { value: number; pixel: number }, b: { value: number; pixel: number }) {
	const slope = (b.pixel - a.pixel) / (b.value - a.value);
	return (value: number) => a.pixel + slope * (value - a.value);
}

/** Checks one chart: points, bars and the band sit where the API's numbers map to. */
async function checkChart(page: Page, data: Leaderboard, axis: "cost" | "latency") {
	const chart = page.locator(`[data-testid="pareto-${axis}"]`);
	const xOf = (row: LeaderboardRow) => (axis === "cost" ? row.cost_per_case_usd : row.p50_latency_ms);
	const drawn = data.rows.filter((row) => row.headline !== null && (xOf(row) ?? 0) > 0);
	expect(drawn.length).toBeGreaterThanOrEqual(3);
	const points = await Promise.all(
		drawn.map(async (row) => {
			const [cx, cy, x, y] = await numbers(chart.locator(`circle.point${rowSelector(row)}`), [
				"cx",
				"cy",
				"data-x",
				"data-y",
			]);
			expect(x).toBe(xOf(row));
			expect(y).toBe(row.headline);
			return { row, cx: cx as number, cy: cy as number };
		}),
	);
	expect(await chart.locator("circle.point").count()).toBe(drawn.length);
	// x is logarithmic: fitted through the cheapest and the dearest in log units, every point is on it.
	const byX = [...points].sort((a, b) => (xOf(a.row) as number) - (xOf(b.row) as number));
	const first = byX[0] as (typeof byX)[number];
	const last = byX.at(-1) as (typeof byX)[number];
	const xPixel = scaleThrough(
		{ value: Math.log(xOf(first.row) as number), pixel: first.cx },
		{ value: Math.log(xOf(last.row) as number), pixel: last.cx },
	);
	const xScale = (value: number) => xPixel(Math.log(value));
	const byY = [...points].sort((a, b) => (a.row.headline as number) - (b.row.headline as number));
	const yScale = scaleThrough(
		{ value: byY[0]?.row.headline as number, pixel: byY[0]?.cy as number },
		{ value: byY.at(-1)?.row.headline as number, pixel: byY.at(-1)?.cy as number },
	);
	for (const [index, point] of byX.entries()) {
		expect(Math.abs(point.cx - xScale(xOf(point.row) as number))).toBeLessThan(1);
		expect(Math.abs(point.cy - yScale(point.row.headline as number))).toBeLessThan(1);
		if (index > 0) expect(point.cx).toBeGreaterThan(byX[index - 1]?.cx as number);
		// The bars: the headline's interval vertically, the cost's or latency's horizontally.
		const yBounds = point.row.headline_interval;
		const yBar = chart.locator(`line[data-axis="y"]${rowSelector(point.row)}`);
		if (yBounds === null) expect(await yBar.count()).toBe(0);
		else {
			const [x1, y1, y2] = await numbers(yBar, ["x1", "y1", "y2"]);
			expect(Math.abs((x1 as number) - point.cx)).toBeLessThan(1);
			expect(Math.abs(Math.max(y1 as number, y2 as number) - yScale(yBounds.low))).toBeLessThan(1);
			expect(Math.abs(Math.min(y1 as number, y2 as number) - yScale(yBounds.high))).toBeLessThan(1);
		}
		const xBounds = axis === "cost" ? point.row.cost_per_case_interval : point.row.p50_latency_interval;
		const xBar = chart.locator(`line[data-axis="x"]${rowSelector(point.row)}`);
		if (xBounds === null) expect(await xBar.count()).toBe(0);
		else {
			const [x1, x2] = await numbers(xBar, ["x1", "x2"]);
			expect(Math.abs((x1 as number) - xScale(xBounds.low))).toBeLessThan(1);
			expect(Math.abs((x2 as number) - xScale(xBounds.high))).toBeLessThan(1);
		}
	}
	// The band: from the best headline down by the decision's band.
	const best = data.decision.best?.headline as number;
	const [bandY, bandHeight] = await numbers(chart.locator(".pareto-band rect"), ["y", "height"]);
	expect(Math.abs((bandY as number) - yScale(best))).toBeLessThan(1);
	expect(Math.abs((bandY as number) + (bandHeight as number) - yScale(best - data.decision.band))).toBeLessThan(1);
	// The deployed and the chosen rows are ringed.
	const deployed = data.rows.find((row) => row.deployed);
	if (deployed !== undefined)
		expect(await chart.locator("circle.ring.deployed").getAttribute("data-model")).toBe(deployed.model_id);
	const chosen = axis === "cost" ? data.decision.cheapest_good_enough : data.decision.fastest_good_enough;
	if (chosen !== null && !(deployed?.model_id === chosen.model_id && deployed.harness === chosen.harness))
		expect(await chart.locator("circle.ring.chosen").getAttribute("data-model")).toBe(chosen.model_id);
	return points;
}

describe("the leaderboard view in Chromium", () => {
	it("shows every row of the API with its numbers, and the decision the API makes", async () => {
		const data = await board("kids-qa");
		const { page } = dashboard;
		await dashboard.goto("#/u/kids-qa");
		await page.locator('[data-testid="leaderboard-table"]').waitFor();
		expect(await page.locator('[data-testid="leaderboard-table"] tbody tr').count()).toBe(data.rows.length);
		for (const row of data.rows) {
			const tr = page.locator(`[data-testid="leaderboard-table"] tbody tr${rowSelector(row)}`);
			const cell = (column: string) => tr.locator(`td[data-column="${column}"]`).textContent();
			expect(await cell("headline")).toContain(score(row.headline));
			if (row.headline_interval !== null)
				expect(await cell("headline")).toContain(
					`[${score(row.headline_interval.low)}, ${score(row.headline_interval.high)}]`,
				);
			expect(await cell("cost")).toContain(usd(row.cost_per_case_usd));
			expect(await cell("latency")).toBe(ms(row.p50_latency_ms));
			expect(await cell("ttft")).toBe(ms(row.p50_ttft_ms));
			expect(await cell("cases")).toBe(`${row.cases}/${data.spec_cases} · ${row.samples}`);
			expect(await cell("errors")).toBe(`${row.harness_errors} / ${row.grader_errors} / ${row.critical_failures}`);
			expect(await tr.locator(".badge.deployed").count()).toBe(row.deployed ? 1 : 0);
			expect(await tr.locator("a").getAttribute("href")).toBe(
				useCaseLink("kids-qa", "matrix", { focus: { model: row.model_id, harness: row.harness } }),
			);
		}
		const pick = (name: string) => page.locator(`[data-pick="${name}"] strong`).first().textContent();
		expect(await pick("best")).toBe(data.decision.best?.model_id);
		expect(await pick("cheapest good enough")).toBe(data.decision.cheapest_good_enough?.model_id);
		expect(await pick("fastest good enough")).toBe(data.decision.fastest_good_enough?.model_id);
		expect(await pick("deployed")).toBe(data.decision.incumbent?.model_id);
		expect(await page.locator('[data-testid="point-estimate"]').count()).toBe(data.decision.differs ? 1 : 0);
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "leaderboard");
	});

	it("sorts by a column from its header's button", async () => {
		const { page } = dashboard;
		const header = page.locator('th[data-column="cost"]');
		await header.locator("button").click();
		expect(await header.getAttribute("aria-sort")).toBe("descending");
		const costs = async () =>
			page
				.locator('[data-testid="leaderboard-table"] tbody tr')
				.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-model")));
		const data = await board("kids-qa");
		const dearestFirst = [...data.rows]
			.sort((a, b) => (b.cost_per_case_usd ?? 0) - (a.cost_per_case_usd ?? 0))
			.map((row) => row.model_id);
		expect(await costs()).toEqual(dearestFirst);
		await header.locator("button").press("Enter");
		expect(await header.getAttribute("aria-sort")).toBe("ascending");
		expect(await costs()).toEqual([...dearestFirst].reverse());
	});

	it("puts each Pareto point, bar and band where the API's numbers say, and a click opens the model's cases", async () => {
		const data = await board("kids-qa");
		const { page } = dashboard;
		await dashboard.goto("#/u/kids-qa");
		await page.locator('[data-testid="pareto-cost"] circle.point').first().waitFor();
		await page.locator('[data-testid="pareto-latency"] circle.point').first().waitFor();
		const points = await checkChart(page, data, "cost");
		await checkChart(page, data, "latency");
		const pareto = join(SCREENSHOT_DIR, "pareto.png");
		await page.locator(".pareto-grid").screenshot({ path: pareto });
		console.log(`screenshot: ${pareto}`);
		const target = points[0]?.row as LeaderboardRow;
		const circle = page.locator(`[data-testid="pareto-cost"] circle.point${rowSelector(target)}`);
		await circle.hover();
		await page.locator('[data-testid="pareto-cost"] .pareto-tip text').first().waitFor();
		expect(await page.locator('[data-testid="pareto-cost"] .pareto-tip').textContent()).toContain(target.model_id);
		await circle.click();
		await page.waitForFunction(
			(hash) => window.location.hash === hash,
			useCaseLink("kids-qa", "matrix", {
				focus: { model: target.model_id, harness: target.harness },
			}),
		);
	});

	it("shows a task pack's gate columns, and lists rows the log axis cannot place instead of drawing them at 0", async () => {
		const data = await board("code-fix");
		const { page } = dashboard;
		await dashboard.goto("#/u/code-fix");
		await page.locator('[data-testid="pareto-cost"] circle.point').first().waitFor();
		const headers = await page.locator('[data-testid="leaderboard-table"] thead th').allTextContents();
		for (const name of ["#", "misses", "hard", "frontier", "graded"])
			expect(headers.map((text) => text.trim())).toContain(name);
		for (const row of data.rows) {
			const tr = page.locator(`[data-testid="leaderboard-table"] tbody tr${rowSelector(row)}`);
			expect(await tr.locator('td[data-column="rank"]').textContent()).toBe(row.rank === null ? "-" : String(row.rank));
			expect(await tr.locator('td[data-column="hard"]').textContent()).toBe(`${row.hard_passes}/${row.hard_tasks}`);
		}
		const offAxis = data.rows.filter((row) => row.cost_per_case_usd === null || row.cost_per_case_usd <= 0);
		expect(offAxis.length).toBeGreaterThan(0);
		for (const row of offAxis) {
			expect(await page.locator(`[data-testid="pareto-cost"] circle${rowSelector(row)}`).count()).toBe(0);
			expect(await page.locator(`.pareto[data-axis="cost"] .off-axis li${rowSelector(row)}`).textContent()).toContain(
				row.cost_per_case_usd === null ? "cost unknown" : "$0 per case",
			);
		}
		expect(await seriousViolations(page)).toEqual([]);
	});

	it("writes an unknown cost as ?, a partly known one as a lower bound, and lists the unknown beside the axis", async () => {
		// This file's own copy of the store: one model's costs all unknown, one row of another's.
		const summarization = "use_case_id = 'summarization'";
		expect(
			recordUnpricedReruns(dashboard.store.database, `${summarization} AND model_id = 'scripted/cheap'`),
		).toBeGreaterThan(0);
		expect(
			recordUnpricedReruns(
				dashboard.store.database,
				`run_id = (SELECT min(run_id) FROM runs WHERE ${summarization} AND model_id = 'scripted/mid')`,
			),
		).toBe(1);
		const data = await board("summarization");
		const unknown = data.rows.find((row) => row.cost_per_case_usd === null) as LeaderboardRow;
		const partial = data.rows.find((row) => row.cost_per_case_usd !== null && row.unknown_cost > 0) as LeaderboardRow;
		expect([unknown?.model_id, partial?.model_id]).toEqual(["scripted/cheap", "scripted/mid"]);
		const { page } = dashboard;
		await dashboard.goto("#/u/summarization");
		await page.locator('[data-testid="pareto-cost"] circle.point').first().waitFor();
		const cost = (row: LeaderboardRow) =>
			page
				.locator(`[data-testid="leaderboard-table"] tbody tr${rowSelector(row)} td[data-column="cost"]`)
				.textContent();
		expect(await cost(unknown)).toBe("?");
		expect(await cost(partial)).toContain(`≥ ${usd(partial.cost_per_case_usd)}`);
		expect(await page.locator(`[data-testid="pareto-cost"] circle${rowSelector(unknown)}`).count()).toBe(0);
		expect(await page.locator(`.pareto[data-axis="cost"] .off-axis li${rowSelector(unknown)}`).textContent()).toContain(
			"cost unknown",
		);
		expect(
			Number(
				await page.locator(`[data-testid="pareto-cost"] circle.point${rowSelector(partial)}`).getAttribute("data-x"),
			),
		).toBe(partial.cost_per_case_usd);
		// The latency chart still draws the row whose cost is unknown.
		expect(await page.locator(`[data-testid="pareto-latency"] circle.point${rowSelector(unknown)}`).count()).toBe(1);
	});

	it("reads in the dark theme and on a phone", async () => {
		const { page } = dashboard;
		await dashboard.goto("#/u/kids-qa");
		await page.selectOption(".theme select", "dark");
		await page.locator('[data-testid="pareto-cost"] circle.point').first().waitFor();
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "leaderboard-dark");
		await page.selectOption(".theme select", "light");
		await page.setViewportSize({ width: 390, height: 844 });
		await page.waitForTimeout(300);
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
		await page.setViewportSize({ width: 1280, height: 800 });
		expect(dashboard.problems).toEqual([]);
	});
});

describe("a limited-depth row in Chromium", () => {
	let limited: Dashboard;
	beforeAll(async () => {
		const { root, paths } = await limitedDepthStore();
		limited = await openDashboardOn(root, paths);
	}, 120_000);
	afterAll(() => limited?.close());

	it("is marked in the table, the notes and both charts, where the API says precision is limited", async () => {
		const response = await fetch(`${limited.served.url}/api/v1/benchmarks/leaderboard?use_case=arith`);
		const data = (await response.json()) as Leaderboard;
		expect(data.rows.map((row) => [row.model_id, row.precision])).toEqual([
			["model/right", "thorough"],
			["model/wrong", "limited"],
		]);
		const { page } = limited;
		await limited.goto("#/u/arith");
		await page.locator('[data-testid="pareto-latency"] circle.point').first().waitFor();
		for (const row of data.rows) {
			const marked = row.precision === "limited";
			const tableRow = page.locator(`[data-testid="leaderboard-table"] tbody tr${rowSelector(row)}`);
			expect(await tableRow.locator(".badge.limited").count(), row.model_id).toBe(marked ? 1 : 0);
			expect(classes(await tableRow.getAttribute("class")).includes("limited"), row.model_id).toBe(marked);
			const point = page.locator(`[data-testid="pareto-latency"] circle.point${rowSelector(row)}`);
			expect(classes(await point.getAttribute("class")).includes("limited"), row.model_id).toBe(marked);
		}
		expect(await page.locator(".table-notes").textContent()).toContain("limited depth");
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "leaderboard-limited");
		expect(limited.problems).toEqual([]);
	});
});

function classes(value: string | null): string[] {
	return (value ?? "").split(/\s+/);
}

describe("rows from elsewhere in Chromium", () => {
	let fixture: SourcesStore;
	let sourced: Dashboard;
	let importedCase: string;
	beforeAll(async () => {
		// Rows run here, ingested from the store `lab`, imported from promptfoo, and aggregate rows of `far`'s summary.
		fixture = sourcesStore();
		importedCase = firstCase(fixture.store, fixture.imported.use_case_id);
		fixture.store.close();
		symlinkSync(join(ROOT, "examples", "benchmarks"), join(fixture.root, "benchmarks"));
		sourced = await openDashboardOn(fixture.root, fixture.paths);
	}, 120_000);
	afterAll(async () => {
		await sourced?.close();
		fixture?.remove();
	});

	it("badges leaderboard rows, matrix cells and inspected samples with their source, and lists aggregate rows apart", async () => {
		const { page } = sourced;
		const api = async <T>(path: string): Promise<T> =>
			(await (await fetch(`${sourced.served.url}/api/v1/benchmarks/${path}`)).json()) as T;
		const data = await api<Leaderboard>("leaderboard?use_case=agentic");
		await sourced.goto("#/u/agentic");
		await page.locator('[data-testid="leaderboard-table"]').waitFor();
		for (const row of data.rows) {
			const badge = page.locator(`[data-testid="leaderboard-table"] tbody tr${rowSelector(row)} .badge.source`);
			expect(await badge.count(), row.model_id).toBe(row.sources.length > 0 ? 1 : 0);
			if (row.sources.length > 0)
				expect(await badge.textContent()).toBe(`from ${row.sources.join(", ")}${row.native_rows > 0 ? " + here" : ""}`);
		}
		expect(await page.locator(".table-notes").textContent()).toContain("from lab: rows brought in from elsewhere");
		// The aggregate row: in a table of its own, marked with its source and case count, not on the charts.
		const aggregate = page.locator('[data-testid="aggregate-table"] tbody tr[data-model="m/c"]');
		expect(await aggregate.locator(".badge.aggregate").textContent()).toBe("≈ aggregate from far, 3 cases");
		expect(await page.locator('[data-testid="leaderboard-table"] tr[data-model="m/c"]').count()).toBe(0);
		await page.locator('[data-testid="pareto-cost"] circle.point').first().waitFor();
		expect(await page.locator('circle[data-model="m/c"]').count()).toBe(0);
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "leaderboard-sources");

		// A use case known only from a summary: its aggregate rows, no per-case table.
		await sourced.goto("#/u/summaries-only");
		await page.locator('[data-testid="aggregate-table"]').waitFor();
		expect(await page.locator('[data-testid="no-rows"]').textContent()).toContain(
			"known only from another store's summary",
		);
		expect(await page.locator('[data-testid="aggregate-table"] tbody tr').count()).toBe(1);

		// The matrix: a corner mark and a tooltip naming the source on each cell from elsewhere.
		await sourced.goto("#/u/agentic/matrix");
		await page.locator('[role="gridcell"]').first().waitFor();
		const cells = await page.evaluate(() =>
			[...document.querySelectorAll<HTMLElement>('[role="gridcell"]')].map((cell) => ({
				caseId: cell.parentElement?.querySelector(".matrix-case-id")?.textContent ?? "",
				column: Number(cell.getAttribute("aria-colindex")) - 2,
				sourced: cell.classList.contains("sourced"),
				title: cell.getAttribute("title") ?? "",
			})),
		);
		const matrix = await api<{
			models: { model_id: string }[];
			rows: { case_id: string; cells: ({ sources: string[] } | null)[] }[];
		}>("case-matrix?use_case=agentic");
		expect(cells.length).toBe(matrix.rows.length * matrix.models.length);
		for (const cell of cells) {
			const sources = matrix.rows.find((row) => row.case_id === cell.caseId)?.cells[cell.column]?.sources ?? [];
			expect(cell.sourced, `${cell.caseId} × ${cell.column}`).toBe(sources.length > 0);
			expect(cell.title.includes(", from lab")).toBe(sources.includes("lab"));
		}
		expect(await page.locator('[data-testid="sourced-legend"]').textContent()).toContain("from lab");
		await screenshot(page, "matrix-sources");

		// The inspector: the header's badge, each ingested sample's other store, an imported one's file.
		await sourced.goto(useCaseLink("agentic", "case", { caseId: "c1" }));
		await page.locator(".model-card").first().waitFor();
		expect(await page.locator("h1 .badge.source").textContent()).toBe("from lab + here");
		expect(await page.locator('.model-card[data-model="m/local"] [data-testid="sample-origin"]').count()).toBe(0);
		expect(await page.locator('.model-card[data-model="m/b"] [data-testid="sample-origin"]').textContent()).toMatch(
			/from lab: ingested from .*benchmarks\.db \(run .* there\), definitions lab@agentic@/,
		);
		const { use_case_id, sha256 } = fixture.imported;
		await sourced.goto(useCaseLink(use_case_id, "case", { caseId: importedCase }));
		await page.locator(".model-card").first().waitFor();
		expect(await page.locator('[data-testid="home-repo"]').textContent()).toContain("promptfoo:");
		expect(await page.locator('[data-testid="sample-origin"]').first().textContent()).toContain(
			`imported from promptfoo file`,
		);
		expect(await page.locator('[data-testid="sample-origin"] code[title]').first().getAttribute("title")).toBe(sha256);
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "inspector-sources");

		// The start page: each card's sources, and the use case known only from summaries with its decision line.
		await sourced.goto("#/");
		await page.locator('[data-use-case="summaries-only"] [data-testid="decision-line"]').waitFor();
		expect(await page.locator('[data-use-case="agentic"] .use-case-head .badge.source').textContent()).toBe(
			"from far, lab + here",
		);
		expect(await page.locator('[data-use-case="summaries-only"] .badge.aggregate').textContent()).toContain("1 model");
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "use-cases-sources");
		expect(sourced.problems).toEqual([]);
	});
});
