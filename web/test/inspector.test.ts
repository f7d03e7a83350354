import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaseMatrix, Inspection } from "../src/api/types.js";
import { type Dashboard, openDashboard, screenshot, seriousViolations } from "./support/dashboard.js";

/** The console line Chromium logs for a 401 the page then handles by asking for the token. */
const UNAUTHORIZED_LOG =
	"console error: Failed to load resource: the server responded with a status of 401 (Unauthorized)";

type Sample = Inspection["models"][number]["samples"][number];

/** Reads the API the page reads, so the test checks the page against the server's own numbers. */
function apiOf(dashboard: Dashboard) {
	return async <T>(path: string, query: Record<string, string>): Promise<T> => {
		const url = new URL(`${dashboard.served.url}/api/v1/benchmarks/${path}`);
		for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
		const response = await fetch(url).catch((error: unknown) => {
			// Say why the server is gone (it printed why on stderr, or its exit code does).
			const { child, stderr } = dashboard.served;
			throw new Error(`${url}: ${String(error)}; serve exit code ${child.exitCode}, stderr: ${stderr()}`);
		});
		expect(response.status, `${url}`).toBe(200);
		return (await response.json()) as T;
	};
}

async function inspections(dashboard: Dashboard, useCase: string): Promise<Inspection[]> {
	const api = apiOf(dashboard);
	const matrix = await api<CaseMatrix>("case-matrix", { use_case: useCase });
	return Promise.all(
		matrix.rows.map((row) => api<Inspection>("inspector", { use_case: useCase, case_id: row.case_id })),
	);
}

function caseHash(inspection: Inspection, query = ""): string {
	return `#/u/${encodeURIComponent(inspection.use_case_id)}/case/${encodeURIComponent(inspection.case.id)}${query}`;
}

async function openCase(dashboard: Dashboard, inspection: Inspection, query = ""): Promise<void> {
	await dashboard.goto(caseHash(inspection, query));
	// A new hash re-renders the same page: wait for this case's own sample, not the last case's cards.
	const first = inspection.models[0]?.samples[0];
	await (first === undefined
		? dashboard.page.locator(".model-card").first()
		: sampleLocator(dashboard.page, first)
	).waitFor();
}

function sampleLocator(page: Page, sample: Sample) {
	return page.locator(`article.sample[data-run-id="${sample.run_id}"]`);
}

describe("the inspector in Chromium", () => {
	let dashboard: Dashboard;
	let summary: Inspection;
	beforeAll(async () => {
		dashboard = await openDashboard();
		const all = await inspections(dashboard, "summarization");
		const juried = all.find((item) =>
			item.models.some((model) => model.samples.some((s) => s.scores.some((x) => x.jury_votes !== null))),
		);
		if (juried === undefined) throw new Error("the demo's summarization has no jury-graded case");
		summary = juried;
	}, 120_000);
	afterAll(() => dashboard?.close());

	it("shows every model of a jury-graded case with its outputs and each juror's vote and rationale", async () => {
		const { page } = dashboard;
		await openCase(dashboard, summary);
		expect(await page.locator(".model-card").count()).toBe(summary.models.length);
		for (const model of summary.models) {
			const card = page.locator(`.model-card[data-model="${model.model_id}"][data-harness="${model.harness}"]`);
			expect(await card.locator(".model-headline").textContent()).toBe(model.headline?.toFixed(3) ?? "?");
			for (const sample of model.samples) {
				const article = card.locator(`article.sample[data-run-id="${sample.run_id}"]`);
				const output = (await article.locator("pre.output").first().textContent()) ?? "";
				expect(output).toContain((sample.output ?? "").split("\n")[0]?.slice(0, 60));
				const votes = sample.scores.find((item) => item.jury_votes !== null)?.jury_votes ?? [];
				expect(votes.length).toBeGreaterThan(0);
				const shown = article.locator("li.vote");
				expect(await shown.count()).toBe(votes.length);
				for (const [index, vote] of votes.entries()) {
					const text = (await shown.nth(index).textContent()) ?? "";
					expect(text).toContain(vote.juror);
					if (vote.rationale !== null) expect(text).toContain(vote.rationale);
					for (const [field, value] of Object.entries(vote.fields ?? {}))
						expect(text).toContain(`${field}: ${typeof value === "boolean" ? (value ? "yes" : "no") : value}`);
				}
				for (const item of sample.scores)
					expect(await article.locator(`tr[data-metric="${item.metric}"]`).count()).toBe(1);
			}
		}
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "inspector");
		await page.selectOption(".theme select", "dark");
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "inspector-dark");
		await page.selectOption(".theme select", "light");
	});

	it("shows an agent's trace step by step, its diff coloured line by line and the verifier's failing tests", async () => {
		const { page } = dashboard;
		const all = await inspections(dashboard, "code-fix");
		const picks = all.flatMap((inspection) =>
			inspection.models.flatMap((model) =>
				model.samples
					.filter((sample) => sample.trace.some((step) => step.kind === "tool_call") && (sample.diff ?? "") !== "")
					.map((sample) => ({ inspection, model, sample, failed: failedTests(sample) })),
			),
		);
		const pick = picks.find((item) => item.failed.length > 0);
		if (pick === undefined) throw new Error("the demo's code-fix has no agent sample with a diff and failing tests");
		const { inspection, model, sample } = pick;
		const query = `?model=${encodeURIComponent(model.model_id)}&harness=${encodeURIComponent(model.harness)}`;
		await openCase(dashboard, inspection, query);
		const card = page.locator(".model-card.focused");
		expect(await card.getAttribute("data-model")).toBe(model.model_id);
		expect(await card.evaluate((node) => node.getBoundingClientRect().top)).toBeLessThan(100);
		const article = sampleLocator(page, sample);
		const steps = article.locator("li.trace-step");
		expect(await steps.count()).toBe(sample.trace.length);
		for (const [index, step] of sample.trace.entries()) {
			expect(await steps.nth(index).getAttribute("data-kind")).toBe(step.kind);
			if (step.tool !== null) expect(await steps.nth(index).locator(".step-tool").textContent()).toBe(step.tool);
		}
		// A step opens on click to show the call's arguments.
		const callIndex = sample.trace.findIndex((step) => step.kind === "tool_call" && step.arguments !== null);
		const call = sample.trace[callIndex];
		await steps.nth(callIndex).locator("summary").click();
		const argumentName = Object.keys(call?.arguments ?? {})[0] ?? "";
		await steps.nth(callIndex).locator(".step-arguments dt", { hasText: argumentName }).waitFor();
		const diffLines = (sample.diff ?? "").split("\n");
		const added = diffLines.filter((line) => line.startsWith("+") && !line.startsWith("+++")).length;
		const removed = diffLines.filter((line) => line.startsWith("-") && !line.startsWith("---")).length;
		expect(await article.locator(".diff-line.add").count()).toBe(added);
		expect(await article.locator(".diff-line.del").count()).toBe(removed);
		const background = (selector: string) =>
			article
				.locator(selector)
				.first()
				.evaluate((node) => getComputedStyle(node).backgroundColor);
		const [addColour, delColour, contextColour] = await Promise.all(
			[".diff-line.add", ".diff-line.del", ".diff-line.context"].map(background),
		);
		expect(new Set([addColour, delColour, contextColour]).size).toBe(3);
		expect(await article.locator(".diff-lines[data-language=javascript] .tok-keyword").count()).toBeGreaterThan(0);
		const failing = await article.locator(".verifier .failing li").allTextContents();
		for (const name of pick.failed) expect(failing.some((text) => text.includes(name))).toBe(true);
		// Telemetry the run did not record is written as unknown, never as 0.
		for (const each of inspection.models.flatMap((item) => item.samples)) {
			const facts = sampleLocator(page, each);
			for (const [fact, value] of [
				["cost", each.telemetry.cost_usd],
				["first token", each.telemetry.ttft_ms],
			] as const) {
				const text = await facts.locator(`[data-fact="${fact}"] dd`).textContent();
				if (value === null) expect(text).toBe("unknown");
				else expect(text).not.toBe("unknown");
			}
		}
		expect(await seriousViolations(page)).toEqual([]);
		await screenshot(page, "inspector-agent");
	});

	it("stores the owner's ship, which the API then returns and the page shows after a reload", async () => {
		const { page } = dashboard;
		const sample = summary.models[0]?.samples[0];
		if (sample === undefined) throw new Error("no sample to rate");
		await openCase(dashboard, summary);
		const article = sampleLocator(page, sample);
		const ship = article.getByRole("button", { name: "Ship" });
		expect(await ship.getAttribute("aria-pressed")).toBe("false");
		await article.locator(".rate-note input").fill("clear and complete");
		await ship.click();
		await article.locator('.stored-rating[data-label="ship"]').waitFor();
		const after = await apiOf(dashboard)<Inspection>("inspector", {
			use_case: summary.use_case_id,
			case_id: summary.case.id,
		});
		const rated = after.models.flatMap((model) => model.samples).find((item) => item.run_id === sample.run_id);
		expect(rated?.owner_rating).toMatchObject({ label: "ship", rating: 1, note: "clear and complete" });
		await page.reload({ waitUntil: "networkidle" });
		await article.locator('.stored-rating[data-label="ship"]').waitFor();
		expect(await article.getByRole("button", { name: "Ship" }).getAttribute("aria-pressed")).toBe("true");
		expect(await article.locator(".stored-rating").textContent()).toContain("clear and complete");
	});

	it("stacks the cards on a phone without widening the page", async () => {
		const { page } = dashboard;
		await page.setViewportSize({ width: 390, height: 844 });
		try {
			const agent = (await inspections(dashboard, "code-fix")).find((item) =>
				item.models.some((model) => model.samples.some((sample) => (sample.diff ?? "") !== "")),
			);
			for (const inspection of [summary, agent]) {
				if (inspection === undefined) throw new Error("the demo's code-fix has no diff");
				await openCase(dashboard, inspection);
				expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
				const lefts = await page
					.locator(".model-card")
					.evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().left));
				expect(new Set(lefts).size).toBe(1);
			}
			expect(dashboard.problems).toEqual([]);
		} finally {
			await page.setViewportSize({ width: 1280, height: 800 });
		}
	});
});

describe("the inspector on a server with a rate token", () => {
	const TOKEN = "inspector-test-token";
	let dashboard: Dashboard;
	beforeAll(async () => {
		dashboard = await openDashboard({ TOUCHSTONE_RATE_TOKEN: TOKEN });
	}, 120_000);
	afterAll(() => dashboard?.close());

	it("asks for the token, says when it is wrong, and stores the rating with the right one", async () => {
		const { page } = dashboard;
		const [inspection] = await inspections(dashboard, "summarization");
		const sample = inspection?.models[0]?.samples[0];
		if (inspection === undefined || sample === undefined) throw new Error("no sample to rate");
		await openCase(dashboard, inspection);
		const article = sampleLocator(page, sample);
		await article.getByRole("button", { name: "Reject" }).click();
		const field = article.getByLabel("Rate token");
		await field.waitFor();
		await field.fill("not-the-token");
		await article.locator(".rate-token button[type=submit]").click();
		const refusal = article.locator(".error-panel");
		await refusal.waitFor();
		expect(await refusal.textContent()).toContain("401 unauthorized");
		expect(await refusal.textContent()).toContain("rating needs the server's token");
		await field.fill(TOKEN);
		await article.locator(".rate-token button[type=submit]").click();
		await article.locator('.stored-rating[data-label="reject"]').waitFor();
		expect(await article.locator(".rate-token").count()).toBe(0);
		expect(await page.evaluate(() => sessionStorage.getItem("touchstone.rate-token"))).toBe(TOKEN);
		const after = await apiOf(dashboard)<Inspection>("inspector", {
			use_case: inspection.use_case_id,
			case_id: inspection.case.id,
		});
		const rated = after.models.flatMap((model) => model.samples).find((item) => item.run_id === sample.run_id);
		expect(rated?.owner_rating?.label).toBe("reject");
		expect(await seriousViolations(page)).toEqual([]);
		// The two refused requests (no token, then the wrong one) are logged by Chromium; nothing else.
		expect(dashboard.problems.filter((problem) => problem === UNAUTHORIZED_LOG)).toHaveLength(2);
		expect(dashboard.problems.filter((problem) => problem !== UNAUTHORIZED_LOG)).toEqual([]);
	});
});

/** The test names a verifier's record lists as failed (`failures`, `failed`). */
function failedTests(sample: Sample): string[] {
	const names = new Set<string>();
	for (const item of sample.scores) {
		const extras = item.extras ?? {};
		for (const failure of Array.isArray(extras.failures) ? extras.failures : [])
			if (typeof (failure as { name?: unknown }).name === "string") names.add((failure as { name: string }).name);
		for (const name of Array.isArray(extras.failed) ? extras.failed : []) if (typeof name === "string") names.add(name);
	}
	return [...names];
}
