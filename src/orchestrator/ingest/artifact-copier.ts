import type { Store } from "../../store/index.js";

/** What copying one artifact gave: its address here, or null with why it is not available. */
export type CopiedArtifact =
	| { readonly sha: string; readonly problem: null }
	| { readonly sha: null; readonly problem: string };

/**
 * Copies artifacts from another store into this one, each once: content-addressed, so the address
 * stays the same and a copy already here (a shared input, an earlier sync) costs a lookup. Each is
 * written as soon as it is read, outside the rows' transaction (an artifact no row refers to yet
 * changes no result), so memory holds one artifact at a time however large the sync. An artifact
 * the other store cannot give (its file missing or corrupt, its folder not there) is reported,
 * never guessed, and counted in {@link ArtifactCopier.unavailable}.
 */
export class ArtifactCopier {
	readonly #from: Store;
	readonly #to: Store;
	readonly #done = new Map<string, CopiedArtifact>();
	#copied = 0;
	#unavailable = 0;

	constructor(from: Store, to: Store) {
		this.#from = from;
		this.#to = to;
	}

	/** Artifacts written here by this copier (present ones are not counted). */
	get copied(): number {
		return this.#copied;
	}

	/** Distinct artifacts the other store could not give. */
	get unavailable(): number {
		return this.#unavailable;
	}

	/** Copies artifact `sha` (null: the row has none, and nothing is copied). */
	copy(sha: string | null): CopiedArtifact | null {
		if (sha === null) return null;
		const done = this.#done.get(sha);
		if (done !== undefined) return done;
		const result = this.#copyOnce(sha);
		this.#done.set(sha, result);
		return result;
	}

	#copyOnce(sha: string): CopiedArtifact {
		const row = this.#from.getArtifact(sha);
		if (row === null) {
			this.#unavailable += 1;
			return { sha: null, problem: `artifact ${sha} has no row there` };
		}
		if (this.#to.getArtifact(sha) !== null) return { sha, problem: null };
		let bytes: Buffer;
		try {
			bytes = this.#from.readArtifact(sha);
		} catch (error) {
			this.#unavailable += 1;
			return { sha: null, problem: describeProblem(error) };
		}
		const written = this.#to.putArtifact(bytes, row.content_type);
		// readArtifact verified the bytes against their hash, so this is the same address.
		if (written.sha256 !== sha) throw new TypeError(`artifact ${sha} was stored as ${written.sha256}`);
		this.#copied += 1;
		return { sha, problem: null };
	}
}

/** The store's own account (`artifact <sha> is missing: <path> …`) without the fix meant for that store's owner. */
function describeProblem(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	return message.split("; ")[0] ?? message;
}
