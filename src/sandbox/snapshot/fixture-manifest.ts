import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { contentHash, FIXTURE_DIR, FIXTURE_MANIFEST, type Task } from "../../contract/index.js";
import { fixtureDigest } from "./fixture-hash.js";

/** Bumped when the way fixtures are built changes, so fixtures of an older touchstone are rebuilt. */
export const FIXTURE_FORMAT = 1;

const manifestSchema = z.object({
	format: z.number(),
	task_id: z.string(),
	snapshot_hash: z.string(),
	fixture_hash: z.string(),
	files: z.number(),
});

/** What `touchstone snapshot` records in fixture/ about the fixture it built. */
export type FixtureManifest = z.infer<typeof manifestSchema>;

/** The hash of a task's snapshot block: what its fixture is built from. */
export function snapshotHash(task: Task): string {
	return contentHash({ format: FIXTURE_FORMAT, snapshot: task.snapshot });
}

/** Writes the manifest of a freshly built fixture tree. */
export async function writeFixtureManifest(
	tree: string,
	task: Task,
	digest: { readonly hash: string; readonly files: number },
): Promise<void> {
	const manifest: FixtureManifest = {
		format: FIXTURE_FORMAT,
		task_id: task.id,
		snapshot_hash: snapshotHash(task),
		fixture_hash: digest.hash,
		files: digest.files,
	};
	await writeFile(join(tree, FIXTURE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * Whether a task's fixture/ is what its task.yaml builds today: `missing` (never materialized),
 * `unmarked` (no manifest: made by hand or by an older touchstone), `stale` (the snapshot block
 * changed since, or the files were edited after `touchstone snapshot`) or `current`, with the
 * fixture's hash when it exists. `why` says what differs, for the message.
 */
export type FixtureState =
	| { readonly state: "missing" }
	| { readonly state: "unmarked" | "stale"; readonly why: string }
	| { readonly state: "current"; readonly hash: string; readonly files: number };

/** See {@link FixtureState}. */
export async function fixtureState(taskDir: string, task: Task): Promise<FixtureState> {
	const fixture = join(taskDir, FIXTURE_DIR);
	let text: string;
	try {
		text = await readFile(join(fixture, FIXTURE_MANIFEST), "utf8");
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== "ENOENT" && (error as NodeJS.ErrnoException).code !== "ENOTDIR")
			throw error;
		const digest = await fixtureDigest(fixture).catch(() => null);
		if (digest === null) return { state: "missing" };
		return { state: "unmarked", why: `it has no ${FIXTURE_MANIFEST} (made by hand, or by an older touchstone)` };
	}
	let manifest: FixtureManifest;
	try {
		manifest = manifestSchema.parse(JSON.parse(text));
	} catch {
		return { state: "unmarked", why: `its ${FIXTURE_MANIFEST} cannot be read` };
	}
	if (manifest.format !== FIXTURE_FORMAT)
		return {
			state: "stale",
			why: `it was built by a touchstone whose fixture format is ${manifest.format}, not ${FIXTURE_FORMAT}`,
		};
	if (manifest.snapshot_hash !== snapshotHash(task))
		return { state: "stale", why: "the `snapshot:` block of its task.yaml changed since it was built" };
	const digest = await fixtureDigest(fixture);
	if (digest.hash !== manifest.fixture_hash)
		return { state: "stale", why: "its files were changed after `touchstone snapshot` built it" };
	return { state: "current", hash: digest.hash, files: digest.files };
}
