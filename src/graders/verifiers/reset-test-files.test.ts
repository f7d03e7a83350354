import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../../contract/index.js";
import { createSandbox } from "../../sandbox/index.js";
import { resetTestFiles } from "./reset-test-files.js";

const FIXTURE: Record<string, string> = {
	"src/sum.js": "code",
	"tests/sum.test.js": "original test",
	"tests/other.test.js": "other test",
	"tests/helpers.js": "helper",
};

describe("resetTestFiles", () => {
	let fixture: string;
	let sandbox: Sandbox;
	beforeEach(async () => {
		fixture = await mkdtemp(join(tmpdir(), "touchstone-fixture-"));
		for (const [path, content] of Object.entries(FIXTURE)) {
			await mkdir(dirname(join(fixture, path)), { recursive: true });
			await writeFile(join(fixture, path), content);
		}
		sandbox = await createSandbox({ backend: "process", allowUnisolated: true, fixture });
	});
	afterEach(async () => {
		await sandbox.dispose();
		await rm(fixture, { recursive: true, force: true });
	});

	it("restores changed and deleted test files, removes added ones, leaves the rest", async () => {
		await sandbox.write("tests/sum.test.js", "weakened test");
		await rm(join(sandbox.workdir, "tests/other.test.js"));
		await sandbox.write("tests/new.test.js", "forged test");
		await sandbox.write("src/sum.js", "fixed code");
		await sandbox.write("tests/helpers.js", "changed helper");

		const summary = await resetTestFiles(sandbox, fixture, ["**/*.test.*"]);
		expect(summary).toEqual({ restored: ["tests/other.test.js", "tests/sum.test.js"], removed: ["tests/new.test.js"] });
		expect(await sandbox.read("tests/sum.test.js")).toBe("original test");
		expect(await sandbox.read("tests/other.test.js")).toBe("other test");
		expect((await sandbox.list("tests")).map((entry) => entry.name)).toEqual([
			"helpers.js",
			"other.test.js",
			"sum.test.js",
		]);
		// Not matched by the globs: the model's edits stand.
		expect(await sandbox.read("src/sum.js")).toBe("fixed code");
		expect(await sandbox.read("tests/helpers.js")).toBe("changed helper");
	});

	it("puts back a test file the model replaced by a symlink", async () => {
		await rm(join(sandbox.workdir, "tests/sum.test.js"));
		await symlink("../src/sum.js", join(sandbox.workdir, "tests/sum.test.js"));
		expect(await resetTestFiles(sandbox, fixture, ["tests/**"])).toEqual({
			restored: ["tests/sum.test.js"],
			removed: [],
		});
		expect(await sandbox.read("tests/sum.test.js")).toBe("original test");
		expect(await sandbox.read("src/sum.js")).toBe("code");
	});

	it("changes nothing when no file was touched, or when there are no globs", async () => {
		expect(await resetTestFiles(sandbox, fixture, ["**/*.test.*"])).toEqual({ restored: [], removed: [] });
		await sandbox.write("tests/sum.test.js", "weakened");
		expect(await resetTestFiles(sandbox, fixture, [])).toEqual({ restored: [], removed: [] });
	});
});
