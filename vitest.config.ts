import { defineConfig } from "vitest/config";

/**
 * Tests that time code (the speedup verifiers measure real runtime ratios) run in a group of their
 * own, after every other file, so the suite's load (browsers, sandboxes, child processes on 2 cores)
 * cannot squeeze the ratios they assert: with the browser tests beside it, a 60x speedup measured 16x.
 */
const TIMED = ["test/verifiers/speedup-*.test.ts", "test/tasks/rollup-speedup*.test.ts"];

/** What both projects share; they do not `extends` the root, which would run its global setup once more each. */
const shared = { testTimeout: 30_000, hookTimeout: 30_000 } as const;

export default defineConfig({
	test: {
		// Once for both projects: the build, and the folder of the browser tests' demo store.
		globalSetup: ["test/support/global-setup.ts"],
		reporters: ["default", "./test/support/summary-reporter.ts"],
		// Vitest runs cores - 1 files at once by default: one on a 2-core machine, while most of this
		// suite waits on child processes, sandboxes and HTTP. Two at once measured 515 s -> 365 s
		// for the whole suite on 2 cores (the two timing assertions that assumed an idle core now allow for load).
		maxWorkers: 2,
		projects: [
			{
				test: {
					...shared,
					name: "suite",
					include: ["src/**/*.test.ts", "test/**/*.test.ts", "web/src/**/*.test.ts", "web/test/**/*.test.ts"],
					exclude: TIMED,
					sequence: { groupOrder: 0 },
				},
			},
			{ test: { ...shared, name: "timed", include: TIMED, sequence: { groupOrder: 1 } } },
		],
	},
});
