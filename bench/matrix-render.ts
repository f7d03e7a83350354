/**
 * Dashboard case-matrix benchmark: fills the API benchmark's store (2,000 cases × 50 models × 5
 * samples, bench-store.ts), serves it with the built dashboard in this process (createApi with
 * dist/web, as `touchstone serve` does), opens `#/u/bench/matrix` in Debian's Chromium through
 * playwright-core, and measures
 *
 *   - the time from navigation to the matrix's first painted rows (the view's
 *     `matrix-rendered` mark), split into the API reads (first case-matrix request to the
 *     view's `matrix-data` mark: every page of 500 cases, parsed) and the drawing (data to paint);
 *     once on a cold server, then on warm reloads;
 *   - the scroll frame rate: the grid scrolled programmatically from its top-left to its
 *     bottom-right corner over 2 s, one step per animation frame, counting frames and the longest.
 *
 * Targets: drawing < 1 s; scrolling ≥ 60 fps with p95 frame ≤ 16.7 ms. Run after a build:
 * `npm run bench:matrix`. `--keep DIR` keeps (and on a later run reuses) the generated project.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { createApi, loadDashboardAssets, startApiServer } from "../src/api/index.js";
import { loadDefinitions } from "../src/definitions/index.js";
import { openStore } from "../src/store/index.js";
import { CASES, MODELS, prepareStore, USE_CASE } from "./bench-store.js";
import { figures, printFigures, verdict } from "./figures.js";

const DASHBOARD_DIR = fileURLToPath(new URL("../web", import.meta.url));
const CHROMIUM = "/usr/bin/chromium";
/** The dashboard tests' flags (web/test/support/dashboard.ts): a root, offline machine, no GPU. */
const CHROMIUM_ARGS = [
	"--no-sandbox",
	"--disable-gpu",
	"--disable-quic",
	"--no-first-run",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
];
const WARM_RUNS = 5;
const SCROLL_MS = 2_000;
const TARGETS = { renderMs: 1_000, fps: 60, p95FrameMs: 16.7 } as const;

/** One load of the matrix, in milliseconds since navigation. */
interface Load {
	/** Navigation to the first case-matrix request (the page and its script). */
	readonly page: number;
	/** First case-matrix request to the data in the view (every page read and parsed). */
	readonly fetch: number;
	/** Data in the view to the first painted rows. */
	readonly render: number;
	/** Navigation to the first painted rows. */
	readonly total: number;
	readonly requests: number;
	readonly cells: number;
}

/** Loads the matrix in a fresh page and reads its marks back. */
async function loadMatrix(browser: Browser, url: string): Promise<{ page: Page; load: Load }> {
	const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
	await page.goto(`${url}/#/u/${USE_CASE}/matrix`);
	// A function, not a string: the dashboard's Content-Security-Policy forbids the page's eval.
	await page.waitForFunction(() => performance.getEntriesByName("matrix-rendered").length > 0, undefined, {
		timeout: 60_000,
	});
	// A string, evaluated in the page: bench/ is compiled without the DOM's types.
	const read = (await page.evaluate(`(() => {
		const mark = (name) => performance.getEntriesByName(name)[0].startTime;
		const reads = performance.getEntriesByType("resource").filter((entry) => entry.name.includes("/case-matrix"));
		return {
			rendered: mark("matrix-rendered"),
			data: mark("matrix-data"),
			firstRequest: Math.min(...reads.map((entry) => entry.startTime)),
			requests: reads.length,
			cells: document.querySelectorAll('[role="gridcell"]').length,
		};
	})()`)) as { rendered: number; data: number; firstRequest: number; requests: number; cells: number };
	return {
		page,
		load: {
			page: read.firstRequest,
			fetch: read.data - read.firstRequest,
			render: read.rendered - read.data,
			total: read.rendered,
			requests: read.requests,
			cells: read.cells,
		},
	};
}

/** Frame figures of one programmatic scroll. */
interface Scroll {
	readonly frames: number;
	readonly seconds: number;
	readonly deltas: number[];
	readonly rowsSeen: number;
}

/** Scrolls the grid corner to corner over {@link SCROLL_MS}, a step each animation frame. */
async function scrollMatrix(page: Page): Promise<Scroll> {
	return (await page.evaluate(`new Promise((resolve) => {
		const box = document.querySelector(".matrix-scroll");
		const down = box.scrollHeight - box.clientHeight;
		const across = box.scrollWidth - box.clientWidth;
		const seen = new Set();
		const stamps = [];
		const step = (now) => {
			stamps.push(now);
			const t = Math.min(1, (now - stamps[0]) / ${SCROLL_MS});
			box.scrollTop = down * t;
			box.scrollLeft = across * t;
			for (const row of box.querySelectorAll('[role="row"]')) seen.add(row.getAttribute("aria-rowindex"));
			if (t < 1) requestAnimationFrame(step);
			else {
				const deltas = stamps.slice(1).map((stamp, index) => stamp - stamps[index]);
				resolve({ frames: deltas.length, seconds: (now - stamps[0]) / 1000, deltas, rowsSeen: seen.size });
			}
		};
		requestAnimationFrame(step);
	})`)) as Scroll;
}

/** The project folder: `--keep DIR` (kept, and reused when it already holds a store), else a temporary one. */
function projectFolder(): { root: string; keep: boolean } {
	const at = process.argv.indexOf("--keep");
	const kept = at === -1 ? undefined : process.argv[at + 1];
	if (kept === undefined) return { root: mkdtempSync(join(tmpdir(), "touchstone-bench-matrix-")), keep: false };
	mkdirSync(kept, { recursive: true });
	return { root: kept, keep: true };
}

function ms(value: number): string {
	return `${value.toFixed(1)} ms`;
}

async function main(): Promise<boolean> {
	if (!existsSync(CHROMIUM)) throw new Error(`this benchmark needs Debian's Chromium at ${CHROMIUM}`);
	const dashboard = loadDashboardAssets(DASHBOARD_DIR);
	if (dashboard === null) throw new Error(`no built dashboard in ${DASHBOARD_DIR}: run npm run build`);
	const { root, keep } = projectFolder();
	const paths = { database: join(root, "data", "benchmarks.db"), artifacts: join(root, "data", "artifacts") };
	await prepareStore(root, paths);
	const store = openStore(paths);
	const app = createApi({
		dashboard,
		store,
		useCases: loadDefinitions(join(root, "benchmarks")).useCases,
		rateToken: null,
	});
	const server = await startApiServer(app, { host: "127.0.0.1", port: 0 });
	const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
	try {
		const cold = await loadMatrix(browser, server.url);
		await cold.page.close();
		const warm: Load[] = [];
		let last: Page | undefined;
		for (let run = 0; run < WARM_RUNS; run++) {
			await last?.close();
			const loaded = await loadMatrix(browser, server.url);
			warm.push(loaded.load);
			last = loaded.page;
		}
		if (last === undefined) throw new Error("no warm run");
		const scroll = await scrollMatrix(last);
		const frames = figures(scroll.deltas);
		const sorted = [...scroll.deltas].sort((a, b) => a - b);
		const p95 = sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? 0;
		const fps = scroll.frames / scroll.seconds;

		const c = cold.load;
		console.log(
			`matrix:            ${CASES.toLocaleString("en-US")} cases × ${MODELS} models, ${c.requests} case-matrix pages, ${c.cells.toLocaleString("en-US")} cells in the DOM (of ${(CASES * MODELS).toLocaleString("en-US")}), 1280 × 800, Chromium without GPU`,
		);
		console.log(
			`cold server:       ${ms(c.total)} to first rows = page ${ms(c.page)} + API reads ${ms(c.fetch)} + drawing ${ms(c.render)}`,
		);
		printFigures(`warm, ${WARM_RUNS} loads, to first rows`, figures(warm.map((load) => load.total)), 1);
		printFigures("  page (script) before the reads", figures(warm.map((load) => load.page)), 1);
		printFigures("  API reads (all pages, parsed)", figures(warm.map((load) => load.fetch)), 1);
		printFigures("  drawing (data to painted rows)", figures(warm.map((load) => load.render)), 1);
		printFigures(
			"scroll frames",
			frames,
			1,
			`  p95 ${ms(p95)} · ${scroll.frames} frames in ${scroll.seconds.toFixed(2)} s, ${scroll.rowsSeen.toLocaleString("en-US")} rows drawn on the way`,
		);

		const drawing = Math.max(c.render, ...warm.map((load) => load.render));
		const checks: (readonly [string, boolean])[] = [
			[`drawing, slowest load        ${ms(drawing)}  (target < ${TARGETS.renderMs} ms)`, drawing < TARGETS.renderMs],
			[`scroll frame rate            ${fps.toFixed(1)} fps  (target ≥ ${TARGETS.fps} fps)`, fps >= TARGETS.fps - 0.5],
			[`scroll p95 frame             ${ms(p95)}  (target ≤ ${TARGETS.p95FrameMs} ms)`, p95 <= TARGETS.p95FrameMs],
		];
		for (const [text, pass] of checks) console.log(`${verdict(pass)}  ${text}`);
		console.log(
			`(to first rows, warm p50 ${ms(figures(warm.map((load) => load.total)).p50)}, cold ${ms(c.total)}: the reads of ${c.requests} pages are the API's, see bench:api)`,
		);
		return checks.every(([, pass]) => pass);
	} finally {
		await browser.close();
		await server.close();
		store.close();
		if (!keep) rmSync(root, { recursive: true, force: true });
	}
}

process.exitCode = (await main()) ? 0 : 1;
