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
		// The theme is set by an effect after the render the selection causes: poll, never read once.
		const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
		const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
		await page.selectOption(".theme select", "dark");
		await expect.poll(theme).toBe("dark");
		await page.reload({ waitUntil: "networkidle" });
		await expect.poll(theme).toBe("dark");
		await expect.poll(background).toBe("rgb(21, 24, 29)");
		await page.selectOption(".theme select", "light");
		await expect.poll(background).toBe("rgb(255, 255, 255)");
	});

	it("says a link names no view instead of showing something else", async () => {
		await dashboard.goto("#/no/such/view");
		expect(await dashboard.page.getByRole("alert").textContent()).toContain("No such view");
		expect(await seriousViolations(dashboard.page)).toEqual([]);
		expect(dashboard.problems).toEqual([]);
	});
});
