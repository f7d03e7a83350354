import { describe, expect, it } from "vitest";
import { diagnoseFailure, diagnosisFix, outputTailLines } from "./diagnose-failure.js";

describe("diagnoseFailure", () => {
	it("names the missing program, module or network request in the output of real runners", () => {
		const cases: [number | null, string, string, string | null][] = [
			[127, "sh: 1: exec: pytest: not found", "missing-program", "pytest"],
			[127, "/usr/bin/env: 'python': No such file or directory", "missing-program", "python"],
			[
				1,
				"node:internal/modules/esm/resolve:873\n  throw new ERR_MODULE_NOT_FOUND(packageName, fileURLToPath(base), null);\nError [ERR_MODULE_NOT_FOUND]: Cannot find package 'vitest' imported from /workspace/test/a.test.mjs",
				"missing-module",
				"vitest",
			],
			[
				1,
				"Traceback (most recent call last):\nModuleNotFoundError: No module named 'requests'",
				"missing-module",
				"requests",
			],
			[1, "/usr/bin/python3: No module named pytest", "missing-module", "pytest"],
			[
				1,
				"TypeError: fetch failed\n  cause: Error: getaddrinfo EAI_AGAIN registry.npmjs.org",
				"network",
				"registry.npmjs.org",
			],
		];
		for (const [exit_code, stderr, cause, subject] of cases)
			expect(diagnoseFailure({ exit_code, stderr }), stderr).toMatchObject({ cause, subject });
		expect(diagnoseFailure({ exit_code: 1, stderr: "AssertionError: expected 2 to equal 3" })).toBeNull();
		// Test runners print import errors on stdout.
		expect(
			diagnoseFailure({ exit_code: 1, stderr: "", stdout: "not ok 1 - Cannot find module 'left-pad'" }),
		).toMatchObject({ cause: "missing-module", subject: "left-pad" });
	});

	it("says what to do, differently inside a cell and in a runtime's setup", () => {
		const network = { cause: "network", subject: null, evidence: "" } as const;
		expect(diagnosisFix(network, "sandboxed")).toMatch(/no network: fetch what they need in `runtime.setup`/);
		expect(diagnosisFix(network, "setup")).toMatch(/runs with the network on/);
		expect(diagnosisFix({ cause: "missing-module", subject: "vitest", evidence: "" }, "sandboxed")).toMatch(
			/no module `vitest`: install it in the task's `runtime.setup`/,
		);
	});

	it("keeps the last lines of an output, not just one", () => {
		const text = Array.from({ length: 30 }, (_, index) => `line ${index}`).join("\n");
		expect(outputTailLines(text).split("\n")).toHaveLength(15);
		expect(outputTailLines(text)).toMatch(/^line 15\n[\s\S]*line 29$/);
	});
});
