import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import axe from "axe-core";
import type { Browser, Page } from "playwright-core";
import { inject } from "vitest";
import { launchChromium } from "../../../bench/chromium.js";
import "../../../test/support/provided-context.js";
import { BIN, ROOT, tempDir } from "../../../test/support/cli.js";
import { type Served, spawnServe, stopServe } from "../../../test/support/serve-process.js";

/*
 * The dashboard's browser tests share one demo store (made once per test run, whichever file asks
 * first) and each file gets its own copy of it, its own `touchstone serve` and its own Chromium:
 * files run in parallel, and a rating one of them stores is seen by nobody else.
 */

/** Where screenshots go: test-output/screenshots/ at the repository root (gitignored). */
export const SCREENSHOT_DIR = join(ROOT, "test-output", "screenshots");

/** A store the demo filled: the database and artifacts folder. */
export interface StorePaths {
	readonly database: string;
	readonly artifacts: string;
}

/**
 * The demo's store, made once per test run: the first caller runs `touchstone demo` under a lock
 * (an atomic mkdir) while the others wait for its `ready` mark. Treat it as read-only: copy it.
 */
export async function demoStore(): Promise<StorePaths> {
	const dir = inject("dashboardDemoDir");
	const project = join(dir, "project");
	const paths = { database: join(project, "data", "benchmarks.db"), artifacts: join(project, "data", "artifacts") };
	const ready = join(dir, "ready");
	let mine = false;
	try {
		mkdirSync(join(dir, "lock"));
		mine = true;
	} catch {
		// Someone else is making it.
	}
	if (mine) {
		mkdirSync(project, { recursive: true });
		const result = await new Promise<{ code: number; output: string }>((resolve) =>
			execFile(
				process.execPath,
				[BIN, "demo"],
				{
					cwd: project,
					env: { PATH: process.env.PATH ?? "", TOUCHSTONE_DB: paths.database, TOUCHSTONE_ARTIFACTS: paths.artifacts },
					timeout: 240_000,
				},
				(error, stdout, stderr) =>
					resolve({
						code: error === null ? 0 : typeof error.code === "number" ? error.code : 1,
						output: stdout + stderr,
					}),
			),
		);
		writeFileSync(ready, result.code === 0 ? "ok" : `demo exited ${result.code}:\n${result.output}`);
	}
	const deadline = Date.now() + 120_000;
	while (!existsSync(ready)) {
		if (Date.now() > deadline) throw new Error(`the demo store in ${dir} was not ready after 120 s`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	const mark = readFileSync(ready, "utf8");
	if (mark !== "ok") throw new Error(`the demo that makes the dashboard's store failed: ${mark}`);
	return paths;
}

/** A copy of the demo store in a fresh folder of its own, with `benchmarks` pointing at the examples. */
export async function demoStoreCopy(): Promise<{ root: string; paths: StorePaths }> {
	const source = await demoStore();
	const root = tempDir("touchstone-dashboard-");
	const paths = { database: join(root, "data", "benchmarks.db"), artifacts: join(root, "data", "artifacts") };
	copyTree(join(source.database, ".."), join(root, "data"));
	symlinkSync(join(ROOT, "examples", "benchmarks"), join(root, "benchmarks"));
	return { root, paths };
}

/** One test file's dashboard: its server on a copy of the demo store, and a page in Chromium. */
export interface Dashboard {
	readonly served: Served;
	readonly store: StorePaths;
	readonly browser: Browser;
	readonly page: Page;
	/** Errors the page threw or logged, and requests that failed: a test ends with none. */
	readonly problems: string[];
	/** Loads the dashboard at `hash` (e.g. `#/u/kids-qa`) and waits for the network to settle. */
	goto(hash: string): Promise<void>;
	close(): Promise<void>;
}

/**
 * Starts `touchstone serve` on a copy of the demo store and opens a 1280 × 800 page on it.
 * `env` reaches the server (TOUCHSTONE_RATE_TOKEN, say).
 */
export async function openDashboard(env: Record<string, string> = {}): Promise<Dashboard> {
	const { root, paths } = await demoStoreCopy();
	return openDashboardOn(root, paths, env);
}

/** The same on a store of the test's own making: `root` holds its `benchmarks/` folder. */
export async function openDashboardOn(
	root: string,
	paths: StorePaths,
	env: Record<string, string> = {},
): Promise<Dashboard> {
	const [served, browser] = await Promise.all([
		spawnServe(root, paths, [], env),
		launchChromium("the dashboard's browser tests"),
	]);
	const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
	const problems: string[] = [];
	page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
	page.on("console", (message) => {
		if (message.type() === "error") problems.push(`console error: ${message.text()}`);
	});
	page.on("requestfailed", (request) => {
		// A read the page aborted on leaving a view is not a failure.
		if (request.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`request failed: ${request.url()}`);
	});
	return {
		served,
		store: paths,
		browser,
		page,
		problems,
		async goto(hash) {
			await page.goto(`${served.url}/${hash}`, { waitUntil: "networkidle" });
		},
		async close() {
			await browser.close();
			await stopServe(served);
		},
	};
}

/** The serious and critical accessibility violations axe-core finds on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
	// Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
	await page.evaluate(axe.source);
	const results = await page.evaluate(() =>
		(window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] }),
	);
	return results.violations
		.filter((violation) => violation.impact === "serious" || violation.impact === "critical")
		.map(
			(violation) =>
				`${violation.id} (${violation.impact}): ${violation.help}; ${violation.nodes
					.slice(0, 3)
					.map((node) => node.target.join(" "))
					.join(", ")}`,
		);
}

/** Writes a full-page screenshot to test-output/screenshots/NAME.png and prints where. */
export async function screenshot(page: Page, name: string): Promise<string> {
	mkdirSync(SCREENSHOT_DIR, { recursive: true });
	const path = join(SCREENSHOT_DIR, `${name}.png`);
	await page.screenshot({ path, fullPage: true });
	console.log(`screenshot: ${path}`);
	return path;
}

function copyTree(from: string, to: string): void {
	mkdirSync(to, { recursive: true });
	for (const entry of readdirSync(from, { withFileTypes: true })) {
		if (entry.isDirectory()) copyTree(join(from, entry.name), join(to, entry.name));
		else if (entry.isFile()) copyFileSync(join(from, entry.name), join(to, entry.name));
	}
}
