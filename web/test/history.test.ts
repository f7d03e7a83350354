import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentHash, type JsonObject, type SpecDocument } from "../../src/contract/index.js";
import { openStore } from "../../src/store/index.js";
import type { History } from "../src/api/types.js";
import { type Dashboard, openDashboard, screenshot, seriousViolations } from "./support/dashboard.js";

/* The history view against the demo store, where kids-qa gets a second version the way a run
 * after taking its last case out of use_cases.yaml would freeze one (same rows, one case fewer,
 * so the headlines move), and extraction keeps its one version. */

const MOVED = "kids-qa";
const SINGLE = "extraction";

/** Freezes and activates the current spec of `useCase` less its last case, as `touchstone run` would. */
function freezeWithoutLastCase(paths: Dashboard["store"], useCase: string): string {
	const store = openStore(paths);
	try {
		const spec = store.currentSpec(useCase);
		if (spec === null) throw new Error(`the demo store has no ${useCase}`);
		const document = spec.spec as unknown as SpecDocument;
		const smaller = { ...document, cases: document.cases.slice(0, -1) };
		const hash = contentHash(smaller);
		const version = `${useCase}@${hash.slice(0, 12)}`;
		store.freezeSpec({
			benchmark_version: version,
			use_case_id: useCase,
			spec_hash: hash,
			spec: smaller as unknown as JsonObject,
			home_repo: null,
			methodology: spec.methodology,
		});
		store.activateSpec(useCase, version);
		return version;
	} finally {
		store.close();
	}
}

describe("the history view in Chromium", () => {
	let dashboard: Dashboard;
	let added: string;
	const history = async (useCase: string): Promise<History> =>
		(await (await fetch(`${dashboard.served.url}/api/v1/benchmarks/history?use_case=${useCase}`)).json()) as History;

	beforeAll(async () => {
		dashboard = await openDashboard();
		added = freezeWithoutLastCase(dashboard.store, MOVED);
	}, 120_000);
	afterAll(() => dashboard?.close());

	it("says plainly that a use case with one version has no trend, and draws none", async () => {
		const { page } = dashboard;
		const api = await history(SINGLE);
		expect(api.versions).toHaveLength(1);
		await dashboard.goto(`#/u/${SINGLE}/history`);
		const notice = page.locator("[data-testid=single-version]");
		await notice.waitFor();
		expect(await notice.textContent()).toContain(api.versions[0]?.benchmark_version);
		expect(await notice.textContent()).toContain("no trend to draw");
		expect(await page.locator("[data-testid=history-chart]").count()).toBe(0);
		expect(await page.locator(".history-table tbody tr").count()).toBe(1);
	});

	it("renders every version from the API, oldest first, with each model's headline there", async () => {
		const { page } = dashboard;
		const api = await history(MOVED);
		expect(api.versions.map((version) => version.benchmark_version).at(-1)).toBe(added);
		await dashboard.goto(`#/u/${MOVED}/history`);
		await page.locator(".history-table tbody tr").first().waitFor();
		const rows = page.locator(".history-table tbody tr");
		expect(await rows.evaluateAll((items) => items.map((item) => item.getAttribute("data-version")))).toEqual(
			api.versions.map((version) => version.benchmark_version),
		);
		for (const version of api.versions) {
			const row = page.locator(`.history-table tbody tr[data-version="${version.benchmark_version}"]`);
			expect(await row.locator(".badge", { hasText: "current" }).count()).toBe(version.current ? 1 : 0);
			for (const item of version.rows) {
				const cell = row.locator(`td[data-model="${item.model_id}"][data-harness="${item.harness}"]`);
				expect(Number(await cell.getAttribute("data-headline"))).toBe(item.headline);
				expect(await cell.textContent()).toContain(`${item.cases}/${version.cases} cases`);
				expect(await cell.textContent()).toContain(`${item.samples} samples`);
			}
		}
		// The headlines moved: one case fewer under the new version.
		const first = api.versions[0]?.rows.map((row) => row.headline);
		expect(api.versions.at(-1)?.rows.map((row) => row.headline)).not.toEqual(first);
	});

	it("draws a line per model through its headlines, with an interval bar wherever the API gives one", async () => {
		const { page } = dashboard;
		const api = await history(MOVED);
		await dashboard.goto(`#/u/${MOVED}/history`);
		await page.locator("[data-testid=history-chart] .plot-host[data-drawn=true]").waitFor();
		const svg = page.locator("[data-testid=history-chart] .plot-host");
		const points = api.versions.flatMap((version, index) =>
			version.rows.filter((row) => row.headline !== null).map((row) => ({ index: index + 1, row })),
		);
		const titles = await svg.locator('g[aria-label="dot"] circle title').allTextContents();
		expect(titles).toHaveLength(points.length);
		for (const { index, row } of points)
			expect(titles).toContainEqual(expect.stringContaining(`${row.model_id} under v${index} `));
		for (const { index, row } of points)
			expect(titles.find((title) => title.startsWith(`${row.model_id} under v${index} `))).toContain(
				`: ${row.headline?.toFixed(3)}`,
			);
		const withInterval = points.filter(({ row }) => row.headline_interval !== null).length;
		expect(await svg.locator('g[aria-label="rule"] line').count()).toBe(withInterval);
		const models = new Set(points.map(({ row }) => `${row.model_id} ${row.harness}`));
		expect(await svg.locator('g[aria-label="line"] path').count()).toBe(models.size);
	});

	it("opens a version's pinned leaderboard from its row", async () => {
		const { page } = dashboard;
		const api = await history(MOVED);
		await dashboard.goto(`#/u/${MOVED}/history`);
		const oldest = api.versions[0]?.benchmark_version ?? "";
		await page.locator(`.history-table tbody tr[data-version="${oldest}"] th a`).click();
		await page.waitForURL((url) => url.hash === `#/u/${MOVED}?v=${encodeURIComponent(oldest)}`);
		expect(await page.locator(".pin").textContent()).toContain(oldest);
	});

	it("has no serious accessibility violations in either theme, and fits a phone", async () => {
		const { page } = dashboard;
		await dashboard.goto(`#/u/${MOVED}/history`);
		await page.locator("[data-testid=history-chart] .plot-host[data-drawn=true]").waitFor();
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "history");
		await page.selectOption(".theme select", "dark");
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "history-dark");
		await page.selectOption(".theme select", "light");
		await page.setViewportSize({ width: 390, height: 844 });
		await page.waitForTimeout(200);
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
		await page.setViewportSize({ width: 1280, height: 800 });
		expect(dashboard.problems).toEqual([]);
	});
});
