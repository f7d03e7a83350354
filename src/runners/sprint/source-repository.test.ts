import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../test/support/cli.js";
import { TouchstoneError } from "../../contract/index.js";
import { prepareSource, SPRINT_SOURCE_ERROR, seedRepository } from "./source-repository.js";

/** A plain folder of files: a module, its test with CRLF line endings, and an executable script. */
function folder(): string {
	const root = tempDir("touchstone-seed-src-");
	mkdirSync(join(root, "src"));
	mkdirSync(join(root, "test"));
	writeFileSync(join(root, "src", "sum.mjs"), "export const sum = (a, b) => a + b;\n");
	writeFileSync(join(root, "test", "sum.test.mjs"), 'import "node:test";\r\n');
	writeFileSync(join(root, "run.sh"), "#!/bin/sh\necho hi\n");
	chmodSync(join(root, "run.sh"), 0o755);
	chmodSync(join(root, "src", "sum.mjs"), 0o644);
	return root;
}

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" });

async function refusal(pending: Promise<unknown>): Promise<TouchstoneError> {
	const error = await pending.then(
		() => null,
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(TouchstoneError);
	expect((error as TouchstoneError).code).toBe(SPRINT_SOURCE_ERROR);
	return error as TouchstoneError;
}

describe("seedRepository", () => {
	it("gives the same commit for the same files in two places, and another once a file changes", async () => {
		const source = folder();
		const first = await seedRepository(source, join(tempDir(), "one"));
		const second = await seedRepository(source, join(tempDir(), "two"));
		expect(first).toMatch(/^[0-9a-f]{40}$/);
		expect(second).toBe(first);
		writeFileSync(join(source, "src", "sum.mjs"), "export const sum = (a, b) => b + a;\n");
		expect(await seedRepository(source, join(tempDir(), "three"))).not.toBe(first);
	});

	it("commits as the fixed seed identity and date, the files byte for byte, executable only where the source is", async () => {
		const into = join(tempDir(), "seeded");
		const sha = await seedRepository(folder(), into);
		expect(git(into, "log", "--format=%an <%ae> %aI|%cn <%ce> %cI|%s|%P").trim()).toBe(
			"touchstone seed <seed@touchstone.invalid> 2026-01-01T00:00:00+00:00|touchstone seed <seed@touchstone.invalid> 2026-01-01T00:00:00+00:00|baseline|",
		);
		expect(git(into, "ls-tree", "-r", "--format=%(objectmode) %(path)", sha).trim().split("\n")).toEqual([
			"100755 run.sh",
			"100644 src/sum.mjs",
			"100644 test/sum.test.mjs",
		]);
		expect(git(into, "cat-file", "blob", `${sha}:test/sum.test.mjs`)).toBe('import "node:test";\r\n');
		expect(git(into, "status", "--porcelain")).toBe("");
	});

	it("is not swayed by the caller's GIT_* variables", async () => {
		const source = folder();
		const plain = await seedRepository(source, join(tempDir(), "plain"));
		const saved = { ...process.env };
		Object.assign(process.env, {
			GIT_DIR: join(tempDir(), "elsewhere.git"),
			GIT_AUTHOR_NAME: "Someone Else",
			GIT_COMMITTER_DATE: "2001-02-03T04:05:06Z",
		});
		try {
			expect(await seedRepository(source, join(tempDir(), "swayed"))).toBe(plain);
		} finally {
			for (const name of ["GIT_DIR", "GIT_AUTHOR_NAME", "GIT_COMMITTER_DATE"]) delete process.env[name];
			Object.assign(process.env, saved);
		}
	});

	it("refuses a repository, a folder without files, and a target that is not empty", async () => {
		const repository = folder();
		git(repository, "init", "--quiet");
		expect((await refusal(seedRepository(repository, join(tempDir(), "x")))).message).toContain(
			"it is a git repository already",
		);
		expect((await refusal(seedRepository(tempDir(), join(tempDir(), "x")))).message).toContain("holds no files");
		const full = tempDir();
		writeFileSync(join(full, "keep.txt"), "mine");
		expect((await refusal(seedRepository(folder(), full))).message).toContain("it is not empty");
	});
});

describe("prepareSource", () => {
	it("seeds a plain folder into the cache, keeps it while the files are the same, replaces it once they change", async () => {
		const sprintDir = tempDir("touchstone-sprint-");
		const source = folder();
		const into = join(tempDir(), "cache", "example");
		const prepared = await prepareSource(sprintDir, source, into);
		expect(prepared).toEqual({ gitDir: into, baseline: await seedRepository(source, join(tempDir(), "check")) });
		writeFileSync(join(into, "scratch.txt"), "a file of the cache's own");
		expect(await prepareSource(sprintDir, source, into)).toEqual(prepared);
		expect(git(into, "status", "--porcelain")).toContain("scratch.txt");
		writeFileSync(join(source, "README.md"), "# sum\n");
		const changed = await prepareSource(sprintDir, source, into);
		expect(changed.baseline).not.toBe(prepared.baseline);
		expect(git(into, "rev-parse", "HEAD").trim()).toBe(changed.baseline);
		expect(git(into, "status", "--porcelain")).toBe("");
	});

	it("lets runs started together seed one cache: every one gets the commit, none refuses", async () => {
		const sprintDir = tempDir("touchstone-sprint-");
		const source = folder();
		for (let round = 0; round < 4; round += 1) {
			const into = join(tempDir(), "cache", "example");
			const prepared = await Promise.allSettled(
				Array.from({ length: 6 }, () => prepareSource(sprintDir, source, into)),
			);
			expect(
				prepared.map((result) => (result.status === "fulfilled" ? result.value.baseline : String(result.reason))),
			).toEqual(Array(6).fill(await seedRepository(source, join(tempDir(), "check"))));
			expect(git(into, "status", "--porcelain")).toBe("");
		}
	});

	it("resolves a relative path from the sprint folder, and returns a repository, bundle or URL as it is", async () => {
		const sprintDir = tempDir("touchstone-sprint-");
		const source = join(sprintDir, "repo");
		mkdirSync(source);
		writeFileSync(join(source, "a.txt"), "a\n");
		const seeded = await prepareSource(sprintDir, "repo", join(tempDir(), "seeded"));
		expect(seeded.baseline).toMatch(/^[0-9a-f]{40}$/);
		git(source, "init", "--quiet");
		expect(await prepareSource(sprintDir, "repo", join(tempDir(), "unused"))).toEqual({
			gitDir: source,
			baseline: null,
		});
		writeFileSync(join(sprintDir, "repo.bundle"), "");
		expect((await prepareSource(sprintDir, "repo.bundle", "unused")).gitDir).toBe(join(sprintDir, "repo.bundle"));
		for (const url of ["https://example.invalid/team/repo.git", "git@example.invalid:team/repo.git"])
			expect(await prepareSource(sprintDir, url, "unused")).toEqual({ gitDir: url, baseline: null });
	});

	it("says which source.repo is missing and how to fix it, and will not replace a folder of someone else's", async () => {
		const sprintDir = tempDir("touchstone-sprint-");
		const missing = await refusal(prepareSource(sprintDir, "../nowhere", join(tempDir(), "x")));
		expect(missing.message).toContain("source.repo `../nowhere`");
		expect(missing.message).toContain("fix: point source.repo at a git repository");
		const occupied = tempDir();
		writeFileSync(join(occupied, "notes.txt"), "mine");
		expect((await refusal(prepareSource(sprintDir, folder(), occupied))).message).toContain(
			"holds files but no seeded repository",
		);
	});
});
