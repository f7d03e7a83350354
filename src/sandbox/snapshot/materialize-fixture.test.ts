import { execFileSync } from "node:child_process";
import {
	chmodSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	symlinkSync,
	writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BadInputError, FIXTURE_MANIFEST } from "../../contract/index.js";
import { fixtureHash } from "./fixture-hash.js";
import { materializeFixture } from "./materialize-fixture.js";
import { snapshotTask as task } from "./testing.js";

const GIT_ENV = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };

function git(cwd: string, ...args: string[]): string {
	const identity = ["-c", "user.name=touchstone", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"];
	return execFileSync("git", [...identity, ...args], { cwd, encoding: "utf8", env: GIT_ENV }).trim();
}

/** Writes (or, for null, deletes) files in the repository and commits them; returns the commit hash. */
function commit(repo: string, files: Record<string, string | null>): string {
	for (const [path, content] of Object.entries(files)) {
		const full = join(repo, path);
		if (content === null) rmSync(full, { recursive: true, force: true });
		else {
			mkdirSync(dirname(full), { recursive: true });
			writeFileSync(full, content);
		}
	}
	git(repo, "add", "--all");
	git(repo, "commit", "--quiet", "--message", "change");
	return git(repo, "rev-parse", "HEAD");
}

/** Every file under `dir`, as sorted relative paths, but for the manifest at the root. */
function listFiles(dir: string, prefix = ""): string[] {
	return readdirSync(dir, { withFileTypes: true })
		.filter((entry) => prefix !== "" || entry.name !== FIXTURE_MANIFEST)
		.flatMap((entry) =>
			entry.isDirectory() ? listFiles(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
		)
		.sort();
}

describe("materializeFixture", () => {
	let root: string;
	let repo: string;
	let first: string;
	let second: string;
	const taskDir = (name: string) => {
		const dir = join(root, "tasks", name);
		mkdirSync(dir, { recursive: true });
		return dir;
	};
	const read = (dir: string, path: string) => readFileSync(join(dir, "fixture", path), "utf8");

	beforeAll(() => {
		root = mkdtempSync(join(tmpdir(), "touchstone-snapshot-"));
		repo = join(root, "repo");
		mkdirSync(repo);
		git(repo, "init", "--quiet");
		first = commit(repo, {
			"app/src/math.ts":
				"export const add = (a: number, b: number) => a - b;\nexport const twice = (a: number) => a - a;\n",
			"app/src/util.ts": "export const id = <T>(x: T) => x;\n",
			"app/docs/guide.md": "# Guide\n",
			"app/package.json": '{ "name": "app" }\n',
			"app/run.sh": "#!/bin/sh\necho run\n",
			"other/secret.txt": "not for the fixture\n",
		});
		chmodSync(join(repo, "app/run.sh"), 0o755);
		symlinkSync("../../other/secret.txt", join(repo, "app/leak"));
		git(repo, "add", "--all");
		git(repo, "commit", "--quiet", "--message", "exec bit and a link");
		first = git(repo, "rev-parse", "HEAD");
		second = commit(repo, {
			"app/src/math.ts":
				"export const add = (a: number, b: number) => a + b;\nexport const twice = (a: number) => a - a;\n",
			"app/src/new.ts": "export const fresh = true;\n",
		});
	});

	it("extracts only the listed paths at the pinned commit, with no git history", async () => {
		const dir = taskDir("paths");
		const fixture = await materializeFixture(
			dir,
			task("paths", { commit: first, paths: ["app/src", "app/package.json"] }),
			{
				repo,
			},
		);
		expect(listFiles(fixture.dir)).toEqual(["app/package.json", "app/src/math.ts", "app/src/util.ts"]);
		expect(read(dir, "app/src/math.ts")).toContain("a - b");
		expect(fixture.files).toBe(3);
		expect(existsSync(join(fixture.dir, ".git"))).toBe(false);
		expect(readdirSync(dir)).toEqual(["fixture"]);
	});

	it("strips a leading folder and lays overlays from a second commit over the first", async () => {
		const dir = taskDir("overlay");
		const fixture = await materializeFixture(
			dir,
			task("overlay", {
				commit: first,
				paths: ["app/src", "app/run.sh"],
				strip: "app",
				overlays: [{ commit: second, paths: ["app/src/math.ts"] }],
			}),
			{ repo },
		);
		expect(listFiles(fixture.dir)).toEqual(["run.sh", "src/math.ts", "src/util.ts"]);
		expect(read(dir, "src/math.ts")).toContain("a + b");
		expect(statSync(join(fixture.dir, "run.sh")).mode & 0o111).not.toBe(0);
	});

	it("removes excluded files and folders, and the folders they leave empty", async () => {
		const dir = taskDir("excludes");
		const fixture = await materializeFixture(
			dir,
			task("excludes", { commit: first, paths: ["app"], strip: "app", excludes: ["**/*.md", "src/util.ts", "leak"] }),
			{ repo },
		);
		expect(listFiles(fixture.dir)).toEqual(["package.json", "run.sh", "src/math.ts"]);
		expect(existsSync(join(fixture.dir, "docs"))).toBe(false);
	});

	it("refuses a symbolic link that leads out of the fixture", async () => {
		const dir = taskDir("link");
		const error = await materializeFixture(dir, task("link", { commit: first, paths: ["app"], strip: "app" }), {
			repo,
		}).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(BadInputError);
		expect((error as BadInputError).message).toContain("leak -> ../../other/secret.txt");
		expect(existsSync(join(dir, "fixture"))).toBe(false);
	});

	it("applies a find/replace patch whose text occurs exactly once, and whole-file patches", async () => {
		const dir = taskDir("patches");
		const fixture = await materializeFixture(
			dir,
			task("patches", {
				commit: second,
				paths: ["app/src"],
				strip: "app",
				patches: [
					{ kind: "replace", path: "src/math.ts", find: "a + b", replace: "a + b + 1" },
					{ kind: "write", path: "src/util.ts", content: "export const id = 1;\n" },
					{ kind: "write", path: "migrations/001.sql", content: "create table t (id int);\n" },
				],
			}),
			{ repo },
		);
		expect(read(dir, "src/math.ts")).toContain("a + b + 1;");
		expect(read(dir, "src/util.ts")).toBe("export const id = 1;\n");
		expect(read(dir, "migrations/001.sql")).toContain("create table");
		expect(fixture.files).toBe(4);
	});

	it("refuses patches whose find text occurs 0 or 2 times, naming the task, the file and the count", async () => {
		const dir = taskDir("bad-patch");
		const good = await materializeFixture(dir, task("bad-patch", { commit: first, paths: ["app/src"], strip: "app" }), {
			repo,
		});
		const error = await materializeFixture(
			dir,
			task("bad-patch", {
				commit: first,
				paths: ["app/src"],
				strip: "app",
				patches: [
					{ kind: "replace", path: "src/math.ts", find: "a * b", replace: "x" },
					{ kind: "replace", path: "src/math.ts", find: "a - ", replace: "x" },
					{ kind: "replace", path: "src/gone.ts", find: "x", replace: "y" },
				],
			}),
			{ repo },
		).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(BadInputError);
		const issues = (error as BadInputError).issues;
		expect((error as BadInputError).message).toContain("task bad-patch");
		expect(issues.map((issue) => issue.path)).toEqual([
			"snapshot.patches[0].find",
			"snapshot.patches[1].find",
			"snapshot.patches[2].path",
		]);
		expect(issues[0]?.message).toContain("occurs 0 times in src/math.ts");
		expect(issues[1]?.message).toContain("occurs 2 times in src/math.ts");
		expect(issues[2]?.message).toContain("src/gone.ts does not exist");
		expect(issues[0]?.source).toBe(join(dir, "task.yaml"));
		// The fixture materialized before is left as it was.
		expect(await fixtureHash(join(dir, "fixture"))).toBe(good.hash);
		expect(readdirSync(dir)).toEqual(["fixture"]);
	});

	it("builds a seeded-only fixture without any repository, and refuses a seeded path leaving it", async () => {
		const dir = taskDir("seeded");
		const seeded = task("seeded", {
			files: { "mod.py": "def total(xs):\n    return sum(xs)\n", "test/test_mod.py": "" },
		});
		const fixture = await materializeFixture(dir, seeded, { repo: null });
		expect(listFiles(fixture.dir)).toEqual(["mod.py", "test/test_mod.py"]);

		const escaping = task("seeded", { files: { "../escape.txt": "out", "ok.txt": "in" } });
		const error = await materializeFixture(dir, escaping, { repo: null }).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(BadInputError);
		expect((error as BadInputError).issues[0]?.message).toContain("leaves fixture/");
		expect(existsSync(join(dir, "escape.txt"))).toBe(false);
		expect(existsSync(join(dir, "fixture", "ok.txt"))).toBe(false);
	});

	it("is deterministic: the same task gives the same hash, a changed seeded file another", async () => {
		const dir = taskDir("determinism");
		const definition = task("determinism", {
			commit: first,
			paths: ["app/src", "app/run.sh"],
			strip: "app",
			files: { "notes.txt": "one\n" },
		});
		const once = await materializeFixture(dir, definition, { repo });
		const twice = await materializeFixture(dir, definition, { repo });
		expect(twice.hash).toBe(once.hash);
		expect(await fixtureHash(twice.dir)).toBe(once.hash);
		const changed = await materializeFixture(
			dir,
			{ ...definition, snapshot: { ...definition.snapshot, files: { "notes.txt": "two\n" } } },
			{ repo },
		);
		expect(changed.hash).not.toBe(once.hash);
		expect(readFileSync(join(changed.dir, "notes.txt"), "utf8")).toBe("two\n");
	});

	it("writes a review diff from a base commit to the patched tree", async () => {
		const dir = taskDir("review");
		await materializeFixture(
			dir,
			task("review", {
				commit: second,
				paths: ["app/src"],
				strip: "app",
				patches: [{ kind: "replace", path: "src/new.ts", find: "true", replace: "false" }],
				review_diff: { base: first, path: "REVIEW.diff" },
			}),
			{ repo },
		);
		const diff = read(dir, "REVIEW.diff");
		expect(diff).toContain("--- a/src/math.ts\n+++ b/src/math.ts");
		expect(diff).toContain("+export const add = (a: number, b: number) => a + b;");
		expect(diff).toContain("new file mode 100644");
		expect(diff).toContain("+export const fresh = false;");
		expect(diff).not.toContain("REVIEW.diff");
	});

	it("writes a seeded review diff, with no repository, from the base files to the patched fixture", async () => {
		const dir = taskDir("seeded-review");
		const before = "def purge(store):\n    store.clear()\n";
		const after = "from retention import expired\n\ndef purge(store):\n    store.drop(expired(store))\n";
		const seeded = task("seeded-review", {
			files: {
				"README.md": "# store\n",
				"src/app.py": after,
				"src/retention.py": "def expired(store):\n    return [k for k, days in store.items() if days >= 30]\n",
			},
			patches: [
				{ kind: "replace", path: "src/retention.py", find: "days >= 30", replace: "days > 30" },
				{ kind: "replace", path: "README.md", find: "# store", replace: "# store (unchanged)" },
			],
			review_diff: { base_files: { "src/app.py": before, "src/retention.py": null }, path: "REVIEW.diff" },
		});
		await materializeFixture(dir, seeded, { repo: null });
		const diff = read(dir, "REVIEW.diff");
		// The feature change is all there, the planted bug inside it, never the code before the plant.
		expect(diff).toContain("--- a/src/app.py\n+++ b/src/app.py");
		expect(diff).toContain("+from retention import expired\n");
		expect(diff).toContain("-    store.clear()\n+    store.drop(expired(store))\n");
		expect(diff).toMatch(/diff --git a\/src\/retention\.py b\/src\/retention\.py\nnew file mode 100644/);
		expect(diff).toContain("+    return [k for k, days in store.items() if days > 30]");
		expect(diff).not.toContain("days >= 30");
		// A file the base does not name is the fixture before its patches: a patch there is a hunk of its own.
		expect(diff).toContain("-# store\n+# store (unchanged)");
		expect(diff).not.toContain("REVIEW.diff");
		expect(read(dir, "src/retention.py")).toContain("days > 30");
	});

	it("refuses a seeded base file that is null but names no file of the fixture", async () => {
		const dir = taskDir("seeded-review-bad");
		const error = await materializeFixture(
			dir,
			task("seeded-review-bad", {
				files: { "src/app.py": "x = 1\n" },
				review_diff: { base_files: { "src/gone.py": null, "src/app.py": "x = 0\n" }, path: "REVIEW.diff" },
			}),
			{ repo: null },
		).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(BadInputError);
		expect((error as BadInputError).issues.map((issue) => issue.path)).toEqual([
			'snapshot.review_diff.base_files["src/gone.py"]',
		]);
		expect((error as BadInputError).issues[0]?.message).toContain("no such file before its patches");
		expect(existsSync(join(dir, "fixture"))).toBe(false);
	});

	it("refuses a missing repository, a commit it lacks and a path the commit lacks", async () => {
		const dir = taskDir("missing");
		const needsRepo = await materializeFixture(dir, task("missing", { commit: first, paths: ["app"] }), {
			repo: null,
		}).catch((caught: unknown) => caught);
		expect((needsRepo as BadInputError).issues[0]?.source).toBe("--repo");
		expect((needsRepo as BadInputError).issues[0]?.fix).toContain("--repo");

		const notRepo = await materializeFixture(dir, task("missing", { commit: first, paths: ["app"] }), {
			repo: dir,
		}).catch((caught: unknown) => caught);
		expect((notRepo as BadInputError).message).toContain("not a git repository");

		const error = await materializeFixture(
			dir,
			task("missing", {
				commit: first,
				paths: ["app/src", "app/nope"],
				overlays: [{ commit: "0123456789abcdef0123456789abcdef01234567", paths: ["app"] }],
			}),
			{ repo },
		).catch((caught: unknown) => caught);
		expect((error as BadInputError).issues.map((issue) => issue.path)).toEqual([
			"snapshot.overlays[0].commit",
			"snapshot.paths[1]",
		]);
		expect((error as BadInputError).message).toContain("the path app/nope is not in commit");
		expect(existsSync(join(dir, "fixture"))).toBe(false);
	});
});
