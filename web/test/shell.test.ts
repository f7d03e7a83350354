import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Dashboard, openDashboard, seriousViolations } from "./support/dashboard.js";

describe("the dashboard's frame in Chromium", () => {
	let dashboard: Dashboard;
	beforeAll(async () => {
		dashboard = await openDashboard();
	}, 120_000);
	afterAll(() => dashboard?.close());

	it("is served at / by touchstone serve, which prints its URL", async () => {
		expect(dashboard.served.stdout()).toContain(`touchstone dashboard on ${dashboard.served.url}/`);
		await dashboard.goto("");
		expect(await dashboard.page.locator(".brand").textContent()).toBe("touchstone");
		expect(await dashboard.page.title()).toBe("touchstone · use cases");
	});

	it("follows the theme menu and keeps the choice across a reload", async () => {
		const { page } = dashboard;
		await dashboard.goto("#/");
		await page.selectOption(".theme select", "dark");
		expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
		await page.reload({ waitUntil: "networkidle" });
		expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
		const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
		expect(background).toBe("rgb(21, 24, 29)");
		await page.selectOption(".theme select", "light");
		expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(255, 255, 255)");
	});

	it("says a link names no view instead of showing something else", async () => {
		await dashboard.goto("#/no/such/view");
		expect(await dashboard.page.getByRole("alert").textContent()).toContain("No such view");
		expect(await seriousViolations(dashboard.page)).toEqual([]);
		expect(dashboard.problems).toEqual([]);
	});
});
