import { describe, expect, it } from "vitest";
import { snapshotSchema } from "./task-snapshot-schema.js";

const COMMIT = "0123456789abcdef0123456789abcdef01234567";
const SEEDED = { files: { "src/app.py": "x = 1\n" } };

function refusals(snapshot: unknown): { path: string; message: string }[] {
	const parsed = snapshotSchema.safeParse(snapshot);
	if (parsed.success) throw new Error("expected the snapshot to be refused");
	return parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
}

describe("snapshot.review_diff", () => {
	it("keeps the commit form: a base commit of the snapshot's repository", () => {
		const parsed = snapshotSchema.parse({ commit: COMMIT, paths: ["src"], review_diff: { base: COMMIT } });
		expect(parsed.review_diff).toEqual({ base: COMMIT, path: "REVIEW.diff" });
	});

	it("takes seeded base files (null for a file the change adds), normalising their paths", () => {
		const parsed = snapshotSchema.parse({
			...SEEDED,
			review_diff: { path: "docs/REVIEW.diff", base_files: { "./src/app.py": "x = 0\n", "src/new.py": null } },
		});
		expect(parsed.review_diff).toEqual({
			base_files: { "src/app.py": "x = 0\n", "src/new.py": null },
			path: "docs/REVIEW.diff",
		});
	});

	it("refuses neither or both bases, an empty seeded base, and a base naming the diff itself", () => {
		expect(refusals({ ...SEEDED, review_diff: {} })).toEqual([
			{ path: "review_diff", message: expect.stringMatching(/needs a base/) },
		]);
		expect(
			refusals({ commit: COMMIT, paths: ["src"], review_diff: { base: COMMIT, base_files: { "a.py": null } } }),
		).toEqual([{ path: "review_diff", message: expect.stringMatching(/both a `base` commit and `base_files`/) }]);
		expect(refusals({ ...SEEDED, review_diff: { base_files: {} } })).toEqual([
			{ path: "review_diff.base_files", message: expect.stringMatching(/would show only the patches/) },
		]);
		expect(refusals({ ...SEEDED, review_diff: { base_files: { "REVIEW.diff": null } } })).toEqual([
			{ path: "review_diff.base_files.REVIEW.diff", message: expect.stringMatching(/where the review diff itself/) },
		]);
		expect(refusals({ ...SEEDED, review_diff: { base_files: { "../out.py": null } } })).toEqual([
			{ path: "review_diff.base_files.../out.py", message: expect.stringMatching(/base file path "..\/out.py"/) },
		]);
	});

	it("refuses a base commit in a seeded-only snapshot, pointing to base_files", () => {
		const found = snapshotSchema.safeParse({ ...SEEDED, review_diff: { base: COMMIT } });
		expect(found.success).toBe(false);
		const issue = found.error?.issues[0];
		expect(issue?.path).toEqual(["review_diff", "base"]);
		expect(JSON.stringify(issue)).toContain("base_files");
	});
});
