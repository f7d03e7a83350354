import { describeOrigin } from "./origin-words.js";

/** What a source badge's title explains, beside the row's own origin. */
const FROM_ELSEWHERE =
	"brought in from elsewhere, not run here: touchstone ingest (another store) or import (a results file)";

/**
 * The badge of rows from elsewhere: `from lab` (several sources comma-separated, `+ here` when some
 * rows ran here too), titled with where they came from; nothing for rows this store recorded.
 */
export function SourceBadge({
	origin,
}: {
	origin: { readonly sources: readonly string[]; readonly native_rows: number };
}) {
	const words = describeOrigin(origin);
	if (words === null) return null;
	return (
		<span class="badge source" title={`${words}: ${FROM_ELSEWHERE}`} data-sources={origin.sources.join(",")}>
			from {origin.sources.join(", ")}
			{origin.native_rows > 0 ? " + here" : ""}
		</span>
	);
}
