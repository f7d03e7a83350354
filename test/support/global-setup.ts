import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Builds dist/ once before the suite (as `npm run build` does), so end-to-end tests spawn the real compiled CLI. */
export default function setup(): void {
	const root = fileURLToPath(new URL("../..", import.meta.url));
	execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], {
		cwd: root,
		stdio: "inherit",
	});
	// As `npm run build` does: the verifiers' helpers (.py, .mjs) are not emitted by tsc.
	execFileSync(process.execPath, ["scripts/copy-helpers.mjs"], { cwd: root, stdio: "inherit" });
	// bin/touchstone.js runs the bundle made from that output: without this the tests would spawn a stale (or, on a clean clone, missing) CLI.
	execFileSync(process.execPath, ["scripts/bundle-cli.mjs"], { cwd: root, stdio: "inherit" });
}
