import { join } from "node:path";
import { BadInputError, DEFAULT_INDEX_SETTINGS, type IndexSettings } from "../contract/index.js";
import { readInputFile } from "../input/index.js";
import { indexFileSchema } from "./index-schema.js";
import { schemaIssues } from "./schema-issues.js";
import { parseYamlFile } from "./yaml-file.js";

/** File name of the per-role index's settings inside a benchmarks folder; optional. */
export const INDEX_FILE = "index.yaml";

/** The index settings of a benchmarks folder, and where they came from. */
export interface LoadedIndexSettings {
	readonly settings: IndexSettings;
	/** The file read, as given; null when the folder has no index.yaml and the defaults apply. */
	readonly source: string | null;
}

/**
 * Loads and validates `DIR/index.yaml`: the per-role weights of the index, `min_n` and
 * `tolerance`. Absent, the documented defaults apply (DEFAULT_INDEX_SETTINGS) and `source` is
 * null; present but wrong, one BadInputError lists every problem with its line, column, path and
 * fix. Read at every `touchstone index`, so re-weighting is a file edit that re-runs nothing.
 */
export function loadIndexSettings(dir: string): LoadedIndexSettings {
	const source = join(dir, INDEX_FILE);
	const read = readInputFile(source, INDEX_FILE);
	if (read.issue !== null) {
		if (read.missing) return { settings: DEFAULT_INDEX_SETTINGS, source: null };
		throw refused(source, [read.issue]);
	}
	const file = parseYamlFile(source, read.text);
	if (file.syntaxIssues.length > 0) throw refused(source, file.syntaxIssues);
	// An empty file (or one of comments only) is the defaults, as an absent one is.
	const result = indexFileSchema.safeParse(file.data ?? {});
	if (!result.success) throw refused(source, schemaIssues(file, indexFileSchema, result.error.issues));
	return { settings: result.data, source };
}

function refused(source: string, issues: ConstructorParameters<typeof BadInputError>[1]): BadInputError {
	return new BadInputError(`Cannot load ${source}: ${issues.length} problem${issues.length === 1 ? "" : "s"}`, issues);
}
