import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { type Served, spawnServe, stopServe } from "../support/serve-process.js";
import { type ApiFixture, buildApiFixture } from "./api-fixture.js";

let fixture: ApiFixture;
const servers: Served[] = [];

beforeAll(async () => {
	fixture = await buildApiFixture();
	fixture.close();
});
afterAll(async () => {
	for (const served of servers) await stopServe(served);
});

async function view(args: readonly string[], env: Record<string, string>): Promise<Served> {
	const served = await spawnServe(fixture.root, fixture.store.paths, args, env, "view");
	servers.push(served);
	return served;
}

/** Waits until `done()` holds or 5 s pass. */
async function eventually(done: () => boolean): Promise<void> {
	for (const deadline = Date.now() + 5000; !done() && Date.now() < deadline; )
		await new Promise((resolve) => setTimeout(resolve, 50));
}

describe("touchstone view", () => {
	it("serves the built dashboard at / with the API under it, and prints its URL", async () => {
		const served = await view([], {});
		expect(served.stdout()).toContain(`touchstone dashboard on ${served.url}/`);
		const page = await fetch(`${served.url}/`);
		expect(page.status).toBe(200);
		expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
		const html = await page.text();
		const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
		expect(script).toBeDefined();
		const bundle = await fetch(`${served.url}/${script}`);
		expect(bundle.status).toBe(200);
		expect(bundle.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
		expect((await fetch(`${served.url}/api/v1/benchmarks/use-cases`)).status).toBe(200);
	});

	it("--open starts $BROWSER on the dashboard's URL", async () => {
		const dir = tempDir();
		const opened = join(dir, "opened.txt");
		const browser = join(dir, "browser.sh");
		writeFileSync(browser, `#!/bin/sh\necho "$@" > ${opened}\n`);
		chmodSync(browser, 0o755);
		const served = await view(["--open"], { BROWSER: browser });
		await eventually(() => existsSync(opened) && readFileSync(opened, "utf8") !== "");
		expect(readFileSync(opened, "utf8").trim()).toBe(`${served.url}/`);
		expect(served.stderr()).toContain(`touchstone view: opened ${served.url}/ with ${browser}`);
	});

	it("--open without a browser says so and keeps serving", async () => {
		const served = await view(["--open"], { BROWSER: "/no/such/browser-touchstone" });
		await eventually(() => served.stderr().includes("could not open a browser"));
		expect(served.stderr()).toContain(
			`touchstone view: could not open a browser (/no/such/browser-touchstone: not found); open ${served.url}/ yourself`,
		);
		expect((await fetch(`${served.url}/`)).status).toBe(200);
	});
});
