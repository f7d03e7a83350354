import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["src/**/*.test.ts", "test/**/*.test.ts", "web/src/**/*.test.ts", "web/test/**/*.test.ts"],
		globalSetup: ["test/support/global-setup.ts"],
		reporters: ["default", "./test/support/summary-reporter.ts"],
		// Vitest runs cores - 1 files at once by default: one on a 2-core machine, while most of this
		// suite waits on child processes, sandboxes and HTTP. Two at once measured 515 s -> 365 s
		// for the whole suite on 2 cores (the two timing assertions that assumed an idle core now allow for load).
		maxWorkers: 2,
		testTimeout: 30_000,
		hookTimeout: 30_000,
	},
});
