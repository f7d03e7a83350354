import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import "./provided-context.js";
import { fileURLToPath } from "node:url";

/** Builds dist/ once before the suite (as `npm run build` does), so end-to-end tests spawn the real compiled CLI. */
export default function setup(project: TestProject): () => void {
	const root = fileURLToPath(new URL("../..", import.meta.url));
	execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], {
		cwd: root,
		stdio: "inherit",
	});
	// As `npm run build` does: the verifiers' helpers (.py, .mjs) are not emitted by tsc.
	execFileSync(process.execPath, ["scripts/copy-helpers.mjs"], { cwd: root, stdio: "inherit" });
	// bin/touchstone.js runs the bundle made from that output: without this the tests would spawn a stale (or, on a clean clone, missing) CLI.
	execFileSync(process.execPath, ["scripts/bundle-cli.mjs"], { cwd: root, stdio: "inherit" });
	// The dashboard `serve` ships (dist/web/), as the browser tests load it.
	execFileSync(
		process.execPath,
		["node_modules/vite/bin/vite.js", "build", "--config", "web/vite.config.ts", "--logLevel", "warn"],
		{ cwd: root, stdio: "inherit" },
	);
	// The browser tests' shared demo store is made here by whichever test file asks first (see test/support/dashboard.ts).
	const demoDir = mkdtempSync(join(tmpdir(), "touchstone-dashboard-demo-"));
	project.provide("dashboardDemoDir", demoDir);
	return () => rmSync(demoDir, { recursive: true, force: true });
}
