import { defineConfig } from "vitest/config";

export default defineConfig({
	test: {
		include: ["src/**/*.test.ts", "test/**/*.test.ts"],
		globalSetup: ["test/support/global-setup.ts"],
		reporters: ["default", "./test/support/summary-reporter.ts"],
		testTimeout: 30_000,
		hookTimeout: 30_000,
	},
});
