import { NotFoundError } from "../contract/index.js";
import { checkSha, verifiedFile, verifiedInline } from "./artifacts.js";
import type { StoreContext } from "./context.js";

/** One artifact of a batch read: its bytes, verified, or why they could not be read. */
export type ArtifactRead = { readonly bytes: Buffer } | { readonly error: Error };

type ArtifactRow = [sha256: string, path: string | null, size: number, content: Buffer | null];

/**
 * Reads many artifacts at once, each verified against its hash as readArtifact does and failing
 * the same way (NotFoundError, StoreError, BadInputError), but as data, one entry per distinct
 * sha: one query for all their rows instead of two per artifact (a case of 250 samples reads
 * 500 artifacts, which cost the inspector about a third of its time one by one).
 */
export function readArtifacts(context: StoreContext, shas: Iterable<string>): Map<string, ArtifactRead> {
	const reads = new Map<string, ArtifactRead>();
	const wanted: string[] = [];
	for (const sha of new Set(shas)) {
		try {
			checkSha(sha);
			wanted.push(sha);
		} catch (error) {
			reads.set(sha, { error: error as Error });
		}
	}
	if (wanted.length === 0) return reads;
	const rows = context.statements
		.get(
			"SELECT sha256, NULLIF(path, '') AS path, size, content FROM artifacts WHERE sha256 IN (SELECT value FROM json_each(?))",
		)
		.raw()
		.all(JSON.stringify(wanted)) as ArtifactRow[];
	const found = new Map(rows.map((row) => [row[0], row]));
	for (const sha of wanted) {
		const row = found.get(sha);
		try {
			if (row === undefined) throw new NotFoundError(`no artifact ${sha} in the store`);
			const [, path, size, content] = row;
			reads.set(sha, {
				bytes: path === null ? verifiedInline(sha, content) : verifiedFile(context, { sha256: sha, path, size }),
			});
		} catch (error) {
			reads.set(sha, { error: error as Error });
		}
	}
	return reads;
}
