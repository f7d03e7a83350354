/* How a task's fixture/ is built: the snapshot block of task.yaml and its parts. */

/** Files from a second commit laid over the snapshot, e.g. an entrypoint from the fix itself. */
export interface SnapshotOverlay {
	/** Commit hash to extract from. */
	readonly commit: string;
	/** Repository paths (files or folders) to extract; `strip` applies to them as to the snapshot's. */
	readonly paths: readonly string[];
}

/** The two kinds of {@link SnapshotPatch}. */
export const SNAPSHOT_PATCH_KINDS = ["replace", "write"] as const;
/** One of {@link SNAPSHOT_PATCH_KINDS}. */
export type SnapshotPatchKind = (typeof SNAPSHOT_PATCH_KINDS)[number];

/**
 * A find/replace edit of one fixture file (e.g. a planted bug). `find` must occur exactly once in
 * the file, so moving the snapshot to another commit fails loudly instead of patching nothing.
 */
export interface SnapshotReplacePatch {
	/** Discriminant; written in YAML as `find` and `replace`. */
	readonly kind: "replace";
	/** File inside fixture/, `/`-separated. */
	readonly path: string;
	/** Text that must occur exactly once in the file. */
	readonly find: string;
	/** Text put in its place. */
	readonly replace: string;
}

/** A whole file written into the fixture (a rewritten module, a new migration), replacing any existing one. */
export interface SnapshotWritePatch {
	/** Discriminant; written in YAML as `content`. */
	readonly kind: "write";
	/** File inside fixture/, `/`-separated. */
	readonly path: string;
	/** The file's full text. */
	readonly content: string;
}

/** One edit made to the fixture after extraction, in order. */
export type SnapshotPatch = SnapshotReplacePatch | SnapshotWritePatch;

/**
 * A unified diff written into the fixture for a review task: from a base (what the code looked
 * like before the change under review) to the finished fixture (patches and seeded files
 * included), so planted bugs show up inside the change rather than as a diff of their own.
 */
export type SnapshotReviewDiff = SnapshotCommitReviewDiff | SnapshotSeededReviewDiff;

/** A review diff whose base is a commit, extracted with the snapshot's own `paths`, `strip` and `excludes`. */
export interface SnapshotCommitReviewDiff {
	/** Commit hash the diff starts from, e.g. the parent of the change under review. */
	readonly base: string;
	/** Where the diff is written inside fixture/, e.g. `REVIEW.diff`. */
	readonly path: string;
}

/**
 * A review diff whose base is written in task.yaml, for a seeded fixture with no repository: the
 * fixture as built before `patches`, with each of `base_files` laid over it (its text before the
 * change, or null for a file the change adds). Files it does not name are unchanged context.
 */
export interface SnapshotSeededReviewDiff {
	/** Fixture path to its text before the change, or null for a file the change adds; at least one. */
	readonly base_files: Readonly<Record<string, string | null>>;
	/** Where the diff is written inside fixture/, e.g. `REVIEW.diff`. */
	readonly path: string;
}

/**
 * How a task's fixture/ is built, in this order: the files of `commit` limited to `paths` (git
 * archive, no history), `overlays` laid over them in order, `excludes` removed, seeded `files`
 * written, `patches` applied in order, then `review_diff` written. A seeded-only task has no
 * commit and needs no repository.
 */
export interface TaskSnapshot {
	/** Commit hash whose files are extracted (e.g. the parent of a real fix); null for a seeded-only fixture. */
	readonly commit: string | null;
	/** Repository paths (files or folders) to extract from `commit`; `.` is the whole tree. Empty when `commit` is null. */
	readonly paths: readonly string[];
	/** Repository folder removed from the front of every extracted path (`projects/app` puts `projects/app/src` at `src`); null keeps paths whole. */
	readonly strip: string | null;
	/** See {@link SnapshotOverlay}; applied in order. */
	readonly overlays: readonly SnapshotOverlay[];
	/** Globs, relative to fixture/, of extracted files or folders to remove (`**` any depth, `*` within a name). */
	readonly excludes: readonly string[];
	/** Seeded files: fixture path to full text, added or replacing extracted files. */
	readonly files: Readonly<Record<string, string>>;
	/** See {@link SnapshotPatch}; applied in order, after seeded files. */
	readonly patches: readonly SnapshotPatch[];
	/** See {@link SnapshotReviewDiff}; null for none. */
	readonly review_diff: SnapshotReviewDiff | null;
}
