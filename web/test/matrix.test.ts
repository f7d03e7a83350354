import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaseMatrix } from "../src/api/types.js";
import { type Dashboard, openDashboard, screenshot, seriousViolations } from "./support/dashboard.js";

const USE_CASE = "classification";

/** The mark a cell of the API's matrix should show. */
function markOf(cell: CaseMatrix["rows"][number]["cells"][number]): string {
	if (cell === null) return "–";
	if (cell.passed === true) return "✓";
	if (cell.passed === false) return "✗";
	return cell.headline === null && cell.errors > 0 ? "!" : "?";
}

/** The case ids of the rows drawn, top to bottom. */
function shownCases(page: Page): Promise<string[]> {
	return page.locator('[role="row"] .matrix-case-id').allTextContents();
}

/** Every drawn cell: its row's case id, its column (0-based) and its mark. */
function shownCells(page: Page): Promise<{ caseId: string; column: number; mark: string; focused: boolean }[]> {
	return page.evaluate(() =>
		[...document.querySelectorAll<HTMLElement>('[role="gridcell"]')].map((cell) => ({
			caseId: cell.parentElement?.querySelector(".matrix-case-id")?.textContent ?? "",
			column: Number(cell.getAttribute("aria-colindex")) - 2,
			mark: cell.textContent ?? "",
			focused: cell.classList.contains("focused"),
		})),
	);
}

describe("the case matrix in Chromium", () => {
	let dashboard: Dashboard;
	let matrix: CaseMatrix;
	beforeAll(async () => {
		dashboard = await openDashboard();
		const response = await fetch(
			`${dashboard.served.url}/api/v1/benchmarks/case-matrix?use_case=${USE_CASE}&limit=500`,
		);
		matrix = (await response.json()) as CaseMatrix;
	}, 120_000);
	afterAll(() => dashboard?.close());

	it("shows every case and model the API returns, each cell with the API's pass mark", async () => {
		const { page } = dashboard;
		await dashboard.goto(`#/u/${USE_CASE}/matrix`);
		await page.locator('[role="gridcell"]').first().waitFor();
		expect(matrix.rows.length).toBeGreaterThan(1);
		expect(await shownCases(page)).toEqual(matrix.rows.map((row) => row.case_id).sort());
		const headers = await page
			.locator(".matrix-colhead")
			.evaluateAll((cells) => cells.map((cell) => cell.getAttribute("title")));
		expect(headers).toEqual(matrix.models.map((model) => model.model_id));
		const cells = await shownCells(page);
		expect(cells).toHaveLength(matrix.rows.length * matrix.models.length);
		for (const cell of cells) {
			const row = matrix.rows.find((candidate) => candidate.case_id === cell.caseId);
			expect(cell.mark, `${cell.caseId} × ${cell.column}`).toBe(markOf(row?.cells[cell.column] ?? null));
		}
		expect(await page.locator('[data-figure="total-cases"]').textContent()).toBe(`${matrix.total_cases} cases`);
		expect(await page.locator('[data-figure="shown"]').textContent()).toBe(String(matrix.rows.length));
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "matrix");
	});

	it("sorts by difficulty in the order the API's pass marks give", async () => {
		const { page } = dashboard;
		await dashboard.goto(`#/u/${USE_CASE}/matrix`);
		await page.selectOption(".matrix-toolbar select >> nth=0", "difficulty");
		const share = (row: CaseMatrix["rows"][number]) => {
			const marked = row.cells.filter((cell) => cell !== null && cell.passed !== null);
			return marked.filter((cell) => cell?.passed === true).length / marked.length;
		};
		const expected = [...matrix.rows]
			.sort((a, b) => share(a) - share(b) || (a.case_id < b.case_id ? -1 : 1))
			.map((row) => row.case_id);
		expect(new Set(matrix.rows.map(share)).size).toBeGreaterThan(1);
		expect(await shownCases(page)).toEqual(expected);
	});

	it("highlights the focused model's column and can show only the cases it fails", async () => {
		const { page } = dashboard;
		// The model that fails some cases but not all, so the filter has something to leave out.
		const column = matrix.models.findIndex((_model, index) => {
			const fails = matrix.rows.filter((row) => row.cells[index]?.passed === false).length;
			return fails > 0 && fails < matrix.rows.length;
		});
		const model = matrix.models[column];
		if (model === undefined) throw new Error(`no model of ${USE_CASE} fails only some cases`);
		await dashboard.goto(`#/u/${USE_CASE}/matrix?model=${encodeURIComponent(model.model_id)}`);
		await page.locator('[role="gridcell"]').first().waitFor();
		const focusedHeaders = await page
			.locator(".matrix-colhead.focused")
			.evaluateAll((cells) => cells.map((cell) => cell.getAttribute("title")));
		expect(focusedHeaders).toEqual([model.model_id]);
		const cells = await shownCells(page);
		expect(cells.filter((cell) => cell.focused).every((cell) => cell.column === column)).toBe(true);
		expect(cells.filter((cell) => cell.column === column).every((cell) => cell.focused)).toBe(true);
		await page.getByLabel(/only cases .* fails/).check();
		const failing = matrix.rows.filter((row) => row.cells[column]?.passed === false).map((row) => row.case_id);
		expect(await shownCases(page)).toEqual(failing.sort());
	});

	it("moves with the arrow keys and opens the inspector on Enter", async () => {
		const { page } = dashboard;
		await dashboard.goto(`#/u/${USE_CASE}/matrix`);
		const grid = page.getByRole("grid");
		await grid.focus();
		// From the grid's first cell, wherever an earlier visit left the active one.
		await page.keyboard.press("Control+Home");
		await page.keyboard.press("ArrowDown");
		await page.keyboard.press("ArrowRight");
		const active = await grid.getAttribute("aria-activedescendant");
		const cell = page.locator(`[id="${active}"]`);
		expect(await cell.getAttribute("aria-colindex")).toBe("3");
		const cases = [...matrix.rows.map((row) => row.case_id)].sort();
		const caseId = cases[1] ?? "";
		expect(await cell.getAttribute("title")).toContain(caseId);
		expect(await page.locator(".matrix-active").textContent()).toContain(matrix.models[1]?.model_id ?? "?");
		await page.keyboard.press("Enter");
		await page.waitForFunction((id) => location.hash.startsWith(`#/u/classification/case/${id}`), caseId);
		expect(decodeURIComponent(await page.evaluate(() => location.hash))).toContain(
			`model=${matrix.models[1]?.model_id}`,
		);
	});

	it("reads in the dark theme and scrolls inside its own box on a phone", async () => {
		const { page } = dashboard;
		await dashboard.goto(`#/u/${USE_CASE}/matrix`);
		await page.selectOption(".theme select", "dark");
		await page.locator('[role="gridcell"]').first().waitFor();
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "matrix-dark");
		await page.selectOption(".theme select", "light");
		await page.setViewportSize({ width: 390, height: 844 });
		try {
			await page.locator('[role="gridcell"]').first().waitFor();
			const sizes = await page.evaluate(() => {
				const box = document.querySelector<HTMLElement>(".matrix-scroll");
				return {
					page: document.documentElement.scrollWidth,
					viewport: window.innerWidth,
					box: box?.clientWidth ?? 0,
					content: box?.scrollWidth ?? 0,
				};
			});
			expect(sizes.page).toBeLessThanOrEqual(sizes.viewport);
			expect(sizes.box).toBeLessThanOrEqual(sizes.viewport);
			expect(await seriousViolations(page)).toEqual([]);
			await screenshot(page, "matrix-phone");
		} finally {
			await page.setViewportSize({ width: 1280, height: 800 });
		}
		expect(dashboard.problems).toEqual([]);
	});
});
