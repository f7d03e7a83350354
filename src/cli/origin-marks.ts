import type { RowOrigin } from "../views/index.js";

/**
 * The mark the CLI puts after a model whose rows came from elsewhere: `[lab]`, `[lab, far]`, and
 * `[lab + here]` when some of them ran here too; "" for rows this store recorded.
 */
export function originMark(origin: RowOrigin): string {
	if (origin.sources.length === 0) return "";
	return ` [${origin.sources.join(", ")}${origin.native_rows > 0 ? " + here" : ""}]`;
}

/** What the marks of `origins` mean, for under their table; null when none is marked. */
export function originLegend(origins: readonly RowOrigin[]): string | null {
	const marked = origins.filter((origin) => origin.sources.length > 0);
	if (marked.length === 0) return null;
	const legend =
		"[source] rows brought in from elsewhere, not run here: by touchstone ingest (another store) or import (a results file)";
	return marked.some((origin) => origin.native_rows > 0)
		? `${legend};\n    + here: some of its rows ran here too`
		: legend;
}
