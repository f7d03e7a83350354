import { z } from "zod";
import type { SnapshotPatch, SnapshotReviewDiff, TaskSnapshot } from "../contract/index.js";
import { isInside, normalizeRelativePath, pathProblem, relativePath } from "./task-paths.js";

/** A pinned commit: a full or abbreviated hash, never a branch, so a fixture cannot drift. */
export const commitHashSchema = z
	.string()
	.regex(/^[0-9a-f]{7,64}$/, { error: "a commit hash (7 to 64 lowercase hex digits)" })
	.describe("A commit hash (not a branch or tag), so the fixture never drifts.");

const text = z.string().min(1);
const repositoryPaths = z
	.array(relativePath("repository"))
	.describe("Repository paths (files or folders) to extract; `.` is the whole tree.");

const overlaySchema = z
	.strictObject({
		commit: commitHashSchema,
		paths: repositoryPaths.min(1),
	})
	.describe("Files from a second commit laid over the snapshot, with the same `strip`.");

const patchSchema = z
	.strictObject({
		path: relativePath("fixture", { file: true }).describe("File inside fixture/."),
		find: text.optional().describe("Text that must occur exactly once in the file; replaced by `replace`."),
		replace: z.string().optional().describe("Text put in place of `find`."),
		content: z.string().optional().describe("Whole-file text, instead of find/replace; creates or replaces the file."),
	})
	.superRefine((patch, context) => {
		const issue = (path: string, message: string, fix: string) =>
			context.addIssue({ code: "custom", path: [path], message, params: { fix } });
		if (patch.content !== undefined) {
			for (const key of ["find", "replace"] as const)
				if (patch[key] !== undefined)
					issue(key, `a patch has either \`content\` or \`find\`/\`replace\`, not both`, `remove \`${key}\``);
		} else if (patch.find === undefined) {
			issue("find", "missing `find` (or `content` for a whole file)", "add `find:` and `replace:`, or `content:`");
		} else if (patch.replace === undefined) {
			issue("replace", "missing `replace`, required with `find`", "add `replace:` (an empty string deletes the text)");
		}
	})
	.transform(
		(patch): SnapshotPatch =>
			patch.content === undefined
				? { kind: "replace", path: patch.path, find: patch.find ?? "", replace: patch.replace ?? "" }
				: { kind: "write", path: patch.path, content: patch.content },
	)
	.describe("A find/replace edit (find must occur exactly once) or a whole file (`content`).");

/** A record keyed by fixture paths (each checked and normalised; two naming one file refused), valued by `value`. */
function fixturePathRecord<T extends z.ZodType>(value: T, what: string) {
	return z
		.record(z.string(), value)
		.superRefine((files, context) => {
			const seen = new Map<string, string>();
			for (const key of Object.keys(files)) {
				const problem = pathProblem(key, true);
				if (problem !== null) {
					context.addIssue({
						code: "custom",
						path: [key],
						message: `the ${what} path ${JSON.stringify(key)} ${problem}`,
						params: { fix: "write a `/`-separated path relative to fixture/, without `..`", atKey: true },
					});
					continue;
				}
				const normalized = normalizeRelativePath(key);
				const earlier = seen.get(normalized);
				if (earlier !== undefined)
					context.addIssue({
						code: "custom",
						path: [key],
						message: `${JSON.stringify(key)} names the same file as ${JSON.stringify(earlier)}`,
						params: { fix: "keep one of the two entries", atKey: true },
					});
				seen.set(normalized, key);
			}
		})
		.transform(
			(files) =>
				Object.fromEntries(
					Object.entries(files).map(([path, content]) => [normalizeRelativePath(path), content]),
				) as Record<string, z.output<T>>,
		);
}

const seededFilesSchema = fixturePathRecord(z.string(), "seeded file").describe(
	"Seeded files: path inside fixture/ to its full text; added after extraction, replacing extracted files.",
);

const reviewDiffSchema = z
	.strictObject({
		base: commitHashSchema
			.optional()
			.describe("Commit the diff starts from, e.g. the parent of the change under review; or give `base_files`."),
		base_files: fixturePathRecord(z.string().nullable(), "base file")
			.optional()
			.describe(
				"For a seeded fixture: each file the change touches, as it was before the change (null for a file the change adds), laid over the fixture as built before `patches`.",
			),
		path: relativePath("fixture", { file: true })
			.default("REVIEW.diff")
			.describe("Where the diff is written inside fixture/; defaults to REVIEW.diff."),
	})
	.superRefine((review, context) => {
		const issue = (path: string[], message: string, fix: string) =>
			context.addIssue({ code: "custom", path, message, params: { fix } });
		if ((review.base === undefined) === (review.base_files === undefined))
			issue(
				[],
				review.base === undefined
					? "the review diff needs a base: a `base` commit, or `base_files`"
					: "the review diff has both a `base` commit and `base_files`",
				"give `base:` (a commit) for a snapshot of a repository, or `base_files:` (each changed file before the change, null for an added one) for a seeded fixture",
			);
		const files = review.base_files;
		if (files === undefined) return;
		if (Object.keys(files).length === 0)
			issue(
				["base_files"],
				"`base_files` is empty, so the diff would show only the patches (the planted bugs), not the change they hide in",
				"list each file the change under review touches, with its text before the change (null for a file the change adds)",
			);
		if (review.path in files)
			issue(
				["base_files", review.path],
				`\`base_files\` names ${review.path}, where the review diff itself is written`,
				"remove the entry, or write the diff to another `path`",
			);
	})
	.transform(
		(review): SnapshotReviewDiff =>
			review.base_files === undefined
				? { base: review.base ?? "", path: review.path }
				: { base_files: review.base_files, path: review.path },
	)
	.describe("Writes a unified diff from a base (a commit, or `base_files`) to the finished fixture, for review tasks.");

/** The `snapshot:` block of task.yaml; parses into a {@link TaskSnapshot}. */
export const snapshotSchema = z
	.strictObject({
		commit: commitHashSchema
			.optional()
			.describe("Commit whose files are extracted (e.g. the parent of a real fix); omit for a seeded-only fixture."),
		paths: repositoryPaths.optional(),
		strip: relativePath("repository")
			.optional()
			.describe("Repository folder removed from the front of every extracted path, e.g. `projects/app`."),
		overlays: z.array(overlaySchema).optional().describe("Files from other commits laid over the snapshot, in order."),
		excludes: z
			.array(text)
			.optional()
			.describe("Globs relative to fixture/ removed after extraction (`**` any depth, `*` within a name)."),
		files: seededFilesSchema.optional(),
		patches: z.array(patchSchema).optional().describe("Edits applied in order, after seeded files."),
		review_diff: reviewDiffSchema.optional(),
	})
	.superRefine(checkSnapshot)
	.transform(
		(snapshot): TaskSnapshot => ({
			commit: snapshot.commit ?? null,
			paths: snapshot.paths ?? [],
			strip: snapshot.strip ?? null,
			overlays: snapshot.overlays ?? [],
			excludes: snapshot.excludes ?? [],
			files: snapshot.files ?? {},
			patches: snapshot.patches ?? [],
			review_diff: snapshot.review_diff ?? null,
		}),
	)
	.describe(
		"How fixture/ is built: files of `commit` limited to `paths`, `overlays`, `excludes`, seeded `files`, `patches`, `review_diff`.",
	);

type RawSnapshot = {
	commit?: string | undefined;
	paths?: string[] | undefined;
	strip?: string | undefined;
	overlays?: { commit: string; paths: string[] }[] | undefined;
	files?: Record<string, string> | undefined;
	review_diff?: unknown;
};

/** A snapshot extracts a commit's paths, or seeds files, or both; every extracted path lies under `strip`. */
function checkSnapshot(snapshot: RawSnapshot, context: z.core.$RefinementCtx): void {
	const issue = (path: (string | number)[], message: string, fix: string) =>
		context.addIssue({ code: "custom", path, message, params: { fix } });
	const seeded = Object.keys(snapshot.files ?? {}).length > 0;
	if (snapshot.commit === undefined) {
		if (!seeded)
			issue(
				[],
				"the snapshot has neither a `commit` to extract nor seeded `files`",
				"add `commit:` and `paths:`, or `files:`",
			);
		for (const key of ["paths", "strip", "overlays"] as const)
			if (snapshot[key] !== undefined)
				issue([key], `\`${key}\` needs a \`commit\` to extract from`, `add \`commit:\`, or remove \`${key}\``);
		const review = snapshot.review_diff;
		if (typeof review === "object" && review !== null && "base" in review)
			issue(
				["review_diff", "base"],
				"a review diff's `base` commit needs the snapshot's `commit` (the repository to extract it from)",
				"for a seeded fixture, give `base_files:` instead: each file the change touches as it was before (null for a file it adds)",
			);
		return;
	}
	if ((snapshot.paths ?? []).length === 0)
		issue(
			["paths"],
			"a snapshot with a `commit` needs `paths` to extract",
			"list the repository paths the task needs, e.g. `paths: [src, package.json]` (`.` for the whole tree)",
		);
	const strip = snapshot.strip;
	if (strip === undefined) return;
	const outside = (paths: readonly string[], prefix: (string | number)[]) =>
		paths.forEach((path, index) => {
			if (!isInside(path, strip))
				issue(
					[...prefix, index],
					`the path ${JSON.stringify(path)} is not inside \`strip\` (${strip})`,
					`extract paths under ${strip}/, or change \`strip\``,
				);
		});
	outside(snapshot.paths ?? [], ["paths"]);
	(snapshot.overlays ?? []).forEach((overlay, index) => {
		outside(overlay.paths, ["overlays", index, "paths"]);
	});
}
