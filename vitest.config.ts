import { defineConfig } from "vitest/config";

/**
 * Tests that time code (the speedup verifiers measure real runtime ratios) run in a group of their
 * own, after every other file, so the suite's load (browsers, sandboxes, child processes on 2 cores)
 * cannot squeeze the ratios they assert: with the browser tests beside it, a 60x speedup measured 16x.
 */
const TIMED = [
	"test/verifiers/speedup-*.test.ts",
	"test/tasks/rollup-speedup*.test.ts",
	// Bounds in wall time on work done in the test's own process or against a start-up it measures.
	"src/graders/similar.test.ts",
	"test/hostile/definitions.test.ts",
	// A calibration of seconds on a thread, and the server's answers within 1 s meanwhile.
	"test/hostile/api-calibration.test.ts",
];

/**
 * Files that need a module graph of their own: the rest of the suite shares one per worker
 * (isolate: false), which cut the suite's import time (253 s of its 898 s here) and let three
 * files run at once. These mock a module (artifacts-atomic) or list the process's globals
 * (node-policy: another file's zod leaves its own).
 */
const ISOLATED = ["src/store/artifacts-atomic.test.ts", "src/graders/verifiers/speedup/node/node-policy.test.ts"];

/** What the projects share; they do not `extends` the root, which would run its global setup once more each. */
const shared = { testTimeout: 30_000, hookTimeout: 30_000 } as const;

export default defineConfig({
	test: {
		// Once for both projects: the build, and the folder of the browser tests' demo store.
		globalSetup: ["test/support/global-setup.ts"],
		reporters: ["default", "./test/support/summary-reporter.ts"],
		// Vitest runs cores - 1 files at once by default: one on a 2-core machine, while most of this
		// suite waits on child processes, sandboxes and HTTP. Two at once measured 515 s -> 365 s;
		// later, at 2,229 tests, the suite kept 2 cores only half busy (19 CPU-minutes in 18 minutes
		// of CI), and three at once with a shared module graph took it from 16.7 to 9.7 minutes here.
		maxWorkers: 3,
		projects: [
			{
				test: {
					...shared,
					name: "suite",
					include: ["src/**/*.test.ts", "test/**/*.test.ts", "web/src/**/*.test.ts", "web/test/**/*.test.ts"],
					exclude: [...TIMED, ...ISOLATED],
					isolate: false,
					sequence: { groupOrder: 0 },
				},
			},
			{ test: { ...shared, name: "isolated", include: ISOLATED, sequence: { groupOrder: 0 } } },
			// After the rest, two at once, as before: the timing tests' ratios assume no other load.
			{ test: { ...shared, name: "timed", include: TIMED, maxWorkers: 2, sequence: { groupOrder: 1 } } },
		],
	},
});
