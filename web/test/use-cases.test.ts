import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Leaderboard, Roster } from "../src/api/types.js";
import { type Dashboard, openDashboard, screenshot, seriousViolations } from "./support/dashboard.js";

/* The use cases page against the demo store: every roster entry with its status, each runnable
 * one's decision naming the model the API's leaderboard decision names, the ideas' unlock text. */

describe("the use cases view in Chromium", () => {
	let dashboard: Dashboard;
	let roster: Roster;
	const api = async <T>(path: string): Promise<T> =>
		(await (await fetch(`${dashboard.served.url}/api/v1/benchmarks/${path}`)).json()) as T;

	beforeAll(async () => {
		dashboard = await openDashboard();
		roster = await api<Roster>("roster?limit=500");
	}, 120_000);
	afterAll(() => dashboard?.close());

	it("shows every use case of the roster with its status, ideas on the unlock board with their text", async () => {
		const { page } = dashboard;
		await dashboard.goto("#/");
		await page.locator(".use-case .decision-line").first().waitFor();
		expect(roster.roster.some((entry) => entry.status === "idea")).toBe(true);
		for (const entry of roster.roster) {
			const item = page.locator(`[data-use-case="${entry.id}"][data-status]`);
			expect(await item.count(), entry.id).toBe(1);
			expect(await item.getAttribute("data-status")).toBe(entry.status);
			expect(await item.locator(".badge.status").textContent()).toBe(entry.status);
			if (entry.status === "idea") {
				expect(await item.locator("[data-testid=unlock]").textContent()).toContain(entry.unlock ?? "not written");
				expect(await item.locator("[data-testid=ceiling]").textContent()).toContain(entry.ceiling ?? "not written");
				expect(await page.locator("#unlock-board ~ ul").locator(`[data-use-case="${entry.id}"]`).count()).toBe(1);
			} else {
				expect(await item.locator("[data-testid=runs]").textContent()).toContain(`${entry.runs} runs`);
			}
		}
	});

	it("names in each runnable use case's decision line the models the API's decision names", async () => {
		const { page } = dashboard;
		const runnable = roster.roster.filter((entry) => entry.status === "runnable" && entry.benchmark_version !== null);
		expect(runnable.length).toBeGreaterThan(3);
		let picked = 0;
		for (const entry of runnable) {
			const board = await api<Leaderboard>(`leaderboard?use_case=${encodeURIComponent(entry.id)}`);
			const card = page.locator(`.use-case[data-use-case="${entry.id}"]`);
			await card.locator("[data-testid=decision-basis]").waitFor();
			const { best, cheapest_good_enough: cheapest, fastest_good_enough: fastest } = board.decision;
			const shown = async (role: string) => {
				const pick = card.locator(`.pick[data-role=${role}]`);
				return (await pick.count()) === 0 ? null : await pick.getAttribute("data-model");
			};
			expect(await shown("best"), entry.id).toBe(best?.model_id ?? null);
			expect(await shown("cheapest"), entry.id).toBe(cheapest?.model_id ?? null);
			expect(await shown("fastest"), entry.id).toBe(fastest?.model_id ?? null);
			const line = (await card.locator("[data-testid=decision-line]").textContent()) ?? "";
			if (best === null) {
				expect(line, entry.id).toContain(board.decision.notes[0] ?? "no graded rows yet");
				continue;
			}
			picked += 1;
			const row = board.rows.find((item) => item.model_id === best.model_id && item.harness === best.harness);
			expect(line).toContain(row?.headline?.toFixed(3));
			if (row?.headline_interval) expect(line).toContain(`[${row.headline_interval.low.toFixed(3)},`);
			const samples = board.rows.reduce((total, item) => total + item.samples, 0);
			expect(await card.locator("[data-testid=decision-basis]").textContent()).toContain(`${samples} graded samples`);
			expect(await card.locator("[data-testid=decision-confidence]").getAttribute("class")).toBe(
				board.decision.differs ? "decision-confidence differs" : "decision-confidence",
			);
		}
		expect(picked).toBeGreaterThan(0);
	});

	it("goes to a use case's leaderboard when its name is clicked, and back", async () => {
		const { page } = dashboard;
		const first = roster.roster.find((entry) => entry.status === "runnable");
		await page.locator(`.use-case[data-use-case="${first?.id}"] h3 a`).click();
		await page.waitForURL((url) => url.hash === `#/u/${encodeURIComponent(first?.id ?? "")}`);
		// The title follows the route in an effect after the render: poll it rather than read it once.
		await expect.poll(() => page.title()).toBe(`touchstone · ${first?.id} · leaderboard`);
		await page.goBack();
		await page.locator(".use-case").first().waitFor();
	});

	it("has no serious accessibility violations, in both themes, and fits a phone", async () => {
		const { page } = dashboard;
		await dashboard.goto("#/");
		await page.locator(".use-case [data-testid=decision-basis]").first().waitFor();
		await page.waitForLoadState("networkidle");
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "use-cases");
		await page.selectOption(".theme select", "dark");
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "use-cases-dark");
		await page.selectOption(".theme select", "light");
		await page.setViewportSize({ width: 390, height: 844 });
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
		await page.setViewportSize({ width: 1280, height: 800 });
		expect(dashboard.problems).toEqual([]);
	});
});
