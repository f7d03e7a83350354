import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../../contract/index.js";
import { hiddenFileDigest, readHiddenFile } from "./hidden-files.js";

describe("hidden files", () => {
	let taskDir: string;
	beforeAll(async () => {
		taskDir = await mkdtemp(join(tmpdir(), "touchstone-hidden-"));
		await writeFile(join(taskDir, "gold.test.js"), "gold");
	});
	afterAll(async () => {
		await rm(taskDir, { recursive: true, force: true });
	});

	it("digests a hidden file for the config, null when it cannot be read", () => {
		expect(hiddenFileDigest(taskDir, "gold.test.js")).toBe(sha256("gold"));
		expect(hiddenFileDigest(taskDir, "missing.js")).toBeNull();
		expect(hiddenFileDigest(taskDir, "../gold.test.js")).toBeNull();
	});

	it("reads a hidden file, and refuses a missing one or one outside the task folder with a harness error", async () => {
		expect((await readHiddenFile("tests", taskDir, "gold.test.js")).toString()).toBe("gold");
		await expect(readHiddenFile("tests", taskDir, "missing.js")).rejects.toMatchObject({
			code: "verifier-harness",
			message: expect.stringMatching(/cannot read the hidden file[\s\S]*fix: add the file to the task folder/),
		});
		await expect(readHiddenFile("tests", taskDir, "../../etc/passwd")).rejects.toThrow(
			/not a path inside the task folder/,
		);
	});
});
