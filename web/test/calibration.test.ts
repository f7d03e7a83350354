import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Calibration, CaseMatrix, Inspection } from "../src/api/types.js";
import { type Dashboard, openDashboard, screenshot, seriousViolations } from "./support/dashboard.js";
import { drawnAxis, drawnCentres, pathEnds } from "./support/plot-geometry.js";

/** A use case the demo grades with a jury, so its runs have a jury headline to calibrate. */
const USE_CASE = "summarization";
const VIEW = `#/u/${USE_CASE}/calibration`;
const FIGURES = [
	"agreement",
	"mean_absolute_delta",
	"signed_bias",
	"rmse",
	"spearman",
	"lin_concordance",
	"cohen_kappa",
	"gate_catch_rate",
] as const;
/** Ratings spread over the three labels and the numeric range (label and number agree where both are given). */
const RATINGS: readonly { rating?: number; label?: string }[] = [
	{ label: "ship" },
	{ rating: 0.9, label: "ship" },
	{ label: "edit" },
	{ rating: 0.5 },
	{ label: "reject" },
	{ rating: 0.1, label: "reject" },
	{ rating: 0.3 },
	{ rating: 1 },
	{ rating: 0.7, label: "edit" },
];

describe("the calibration view in Chromium", () => {
	let dashboard: Dashboard;
	beforeAll(async () => {
		dashboard = await openDashboard();
	}, 120_000);
	afterAll(() => dashboard?.close());

	async function api<T>(path: string, init?: RequestInit): Promise<T> {
		const response = await fetch(`${dashboard.served.url}/api/v1/benchmarks/${path}`, init);
		expect(response.status, `${path}: ${response.status}`).toBeLessThan(300);
		return (await response.json()) as T;
	}
	const calibration = () => api<Calibration>(`calibration?use_case=${USE_CASE}`);
	/** Each count of the scope line is the API's (the first number of its item). */
	async function expectScope(report: Calibration): Promise<void> {
		const counts = { n: report.n, ...report.scope };
		for (const [key, value] of Object.entries(counts)) {
			const text = (await dashboard.page.locator(`[data-scope="${key}"]`).textContent()) ?? "";
			expect(Number(/\d+/.exec(text.replace(",", ""))?.[0]), `${key}: ${text}`).toBe(value);
		}
	}

	it("says how to rate, and draws nothing, while no run is rated", async () => {
		const { page } = dashboard;
		const report = await calibration();
		expect(report.n).toBe(0);
		await dashboard.goto(VIEW);
		const empty = page.locator(".calibration-empty");
		await empty.waitFor();
		expect(await empty.textContent()).toContain("touchstone rate RUN_ID --label ship");
		expect(await page.locator("[data-testid=calibration-scatter], table.calibration-statistics").count()).toBe(0);
		const matrix = await api<CaseMatrix>(`case-matrix?use_case=${USE_CASE}`);
		const cases = await page.locator(".calibration-cases a").allTextContents();
		expect(cases).toEqual(matrix.rows.slice(0, 5).map((row) => row.case_id));
		await expectScope(report);
		for (const field of report.jurors.fields) {
			const cell = page.locator(`tr[data-field="${field.field}"] [data-value]`);
			expect(await cell.textContent()).toBe(field.alpha.value?.toFixed(3));
		}
		// Each juror against the rest: one row per juror the API measured, its figures as the API gives them.
		expect(report.jurors.per_juror.length).toBe(report.jurors.ids.length);
		for (const juror of report.jurors.per_juror) {
			const row = page.locator(`tr[data-juror="${juror.juror}"]`);
			const agreement = juror.nominal_agreement === null ? "?" : `${Math.round(juror.nominal_agreement * 100)}%`;
			expect(await row.locator("[data-agreement]").textContent()).toBe(agreement);
			const difference = juror.numeric_mean_abs_difference;
			expect(await row.locator("[data-difference]").textContent()).toBe(
				difference === null ? "?" : difference.toFixed(3),
			);
		}
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "calibration-empty");
	});

	it("draws every rated run where the API puts it, with the identity line and the figures", async () => {
		const { page } = dashboard;
		const matrix = await api<CaseMatrix>(`case-matrix?use_case=${USE_CASE}`);
		const runIds: string[] = [];
		for (const row of matrix.rows) {
			const inspection = await api<Inspection>(`inspector?use_case=${USE_CASE}&case_id=${row.case_id}`);
			for (const model of inspection.models) runIds.push(...model.samples.map((sample) => sample.run_id));
		}
		// Every other run, so the rated ones spread over cases, models and samples.
		const rated = runIds.filter((_, at) => at % 2 === 0).slice(0, RATINGS.length);
		expect(rated).toHaveLength(RATINGS.length);
		for (const [at, runId] of rated.entries())
			await api("rate", {
				method: "POST",
				headers: { "Content-Type": "application/json" },
				body: JSON.stringify({ run_id: runId, ...RATINGS[at] }),
			});
		const report = await calibration();
		expect(report.n).toBe(RATINGS.length);
		await page.reload({ waitUntil: "networkidle" });
		const figure = page.locator("[data-testid=calibration-scatter]");
		await figure.locator(".plot-host[data-drawn=true] svg").waitFor();

		await expectScope(report);
		const points = await drawnCentres(page, "[data-testid=calibration-scatter] [data-run-id]");
		expect(points.map((point) => point.attributes["data-run-id"]).sort()).toEqual(
			report.items.map((item) => item.run_id).sort(),
		);
		const [x, y] = [await drawnAxis(figure, "x"), await drawnAxis(figure, "y")];
		for (const point of points) {
			const item = report.items.find((candidate) => candidate.run_id === point.attributes["data-run-id"]);
			expect(item).toBeDefined();
			if (item === undefined) continue;
			expect(Math.abs(point.x - x.at(item.owner)), `${item.run_id} x`).toBeLessThanOrEqual(1);
			expect(Math.abs(point.y - y.at(item.jury)), `${item.run_id} y`).toBeLessThanOrEqual(1);
			expect(Number(point.attributes["data-owner"])).toBe(item.owner);
			expect(Number(point.attributes["data-jury"])).toBe(item.jury);
		}
		const highest = Math.max(...report.items.map((item) => item.owner));
		const rightmost = points.reduce((best, point) => (point.x > best.x ? point : best));
		expect(Number(rightmost.attributes["data-owner"])).toBe(highest);

		const [start, end] = await pathEnds(figure.locator("g.calibration-identity path"));
		for (const [drawn, value] of [
			[start, 0],
			[end, 1],
		] as const) {
			expect(Math.abs(drawn.x - x.at(value))).toBeLessThanOrEqual(1);
			expect(Math.abs(drawn.y - y.at(value))).toBeLessThanOrEqual(1);
		}

		for (const key of FIGURES) {
			const figureOf = report[key];
			const format = (value: number) =>
				key === "gate_catch_rate"
					? `${Math.round(value * 100)}%`
					: key === "signed_bias"
						? `${value > 0 ? "+" : ""}${value.toFixed(3)}`
						: value.toFixed(3);
			const row = page.locator(`tr[data-statistic="${key}"]`);
			const value = (await row.locator("[data-value]").textContent()) ?? "";
			expect(value.startsWith(figureOf.value === null ? "?" : format(figureOf.value)), `${key}: ${value}`).toBe(true);
			if (figureOf.reason !== null) expect(value).toContain(figureOf.reason);
			const interval = await row.locator("[data-interval]").textContent();
			expect(interval, key).toBe(
				figureOf.interval === null
					? `none: ${figureOf.interval_reason}`
					: `${format(figureOf.interval.low)} .. ${format(figureOf.interval.high)}`,
			);
			expect(await row.locator("[data-n]").textContent()).toBe(String(figureOf.n));
		}
		const withIntervals = FIGURES.filter((key) => report[key].interval !== null).length;
		expect(withIntervals).toBeGreaterThan(0);
		expect(await page.locator("[data-testid=calibration-intervals] g.calibration-interval-bars line").count()).toBe(
			withIntervals,
		);

		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "calibration");
		await page.selectOption(".theme select", "dark");
		await figure.locator(".plot-host[data-drawn=true] svg").waitFor();
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "calibration-dark");
		await page.selectOption(".theme select", "light");
	});

	it("names the run under the pointer and opens its case on a click", async () => {
		const { page } = dashboard;
		const report = await calibration();
		// Focusing a run's link in the table rings its point and names it, for keyboard readers.
		const row = page.locator("table.calibration-items tbody tr").first();
		const rowRun = await row.getAttribute("data-run-id");
		const focused = report.items.find((candidate) => candidate.run_id === rowRun);
		await row.locator("a").focus();
		const ringed = page.locator("[data-testid=calibration-scatter] .calibration-point.is-active");
		await ringed.first().waitFor({ timeout: 2000 });
		expect(await ringed.count()).toBe(1);
		expect(await ringed.getAttribute("data-run-id")).toBe(focused?.run_id);
		expect(await page.locator("[data-testid=calibration-hover]").textContent()).toContain(`case ${focused?.case_id}`);
		await row.locator("a").blur();
		// Focus scrolled the table into view; the chart is back at the top of the page.
		await page.evaluate(() => window.scrollTo(0, 0));
		const [point] = await drawnCentres(page, "[data-testid=calibration-scatter] [data-run-id]");
		expect(point).toBeDefined();
		if (point === undefined) return;
		const hit = await page.evaluate(
			({ x, y }) => (document.elementFromPoint(x, y)?.closest("[data-run-id]") as HTMLElement | null)?.dataset.runId,
			point,
		);
		const item = report.items.find((candidate) => candidate.run_id === hit);
		expect(item, "a point lies under the pointer").toBeDefined();
		if (item === undefined) return;
		await page.mouse.move(point.x, point.y);
		const hover = (await page.locator("[data-testid=calibration-hover]").textContent()) ?? "";
		expect(hover).toContain(item.model_id);
		expect(hover).toContain(`case ${item.case_id}`);
		await page.mouse.click(point.x, point.y);
		await page.waitForFunction(() => window.location.hash.includes("/case/"));
		const hash = await page.evaluate(() => window.location.hash);
		const query = new URLSearchParams(hash.split("?")[1] ?? "");
		expect(hash.split("?")[0]).toBe(`#/u/${USE_CASE}/case/${encodeURIComponent(item.case_id)}`);
		expect([query.get("model"), query.get("harness")]).toEqual([item.model_id, item.harness]);
	});

	it("fits a phone without sideways scrolling of the page", async () => {
		const { page } = dashboard;
		await page.setViewportSize({ width: 390, height: 844 });
		await dashboard.goto(VIEW);
		await page.reload({ waitUntil: "networkidle" });
		await page.locator("[data-testid=calibration-scatter] .plot-host[data-drawn=true] svg").waitFor();
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
		expect(overflow).toBeLessThanOrEqual(0);
		await screenshot(page, "calibration-phone");
		await page.setViewportSize({ width: 1280, height: 800 });
		expect(dashboard.problems).toEqual([]);
	});
});
