import type { InspectedSample } from "./inspection-parts.js";

/**
 * Where a sample from elsewhere came from, under its run line: the other store and its run there
 * for an ingest, the file and its sha256 for an import; nothing for a run this store recorded.
 */
export function SampleOrigin({ sample }: { sample: InspectedSample }) {
	const { origin, ingest_source: source } = sample;
	if (source === null) return null;
	return (
		<p class="muted sample-origin" data-testid="sample-origin" data-source={source}>
			from <strong>{source}</strong>:{" "}
			{origin?.kind === "ingest" ? (
				<>
					ingested from <code>{origin.from ?? "another store"}</code>
					{origin.foreign_run_id !== null && (
						<>
							{" "}
							(run <code>{origin.foreign_run_id}</code> there)
						</>
					)}
					{origin.home_repo !== null && (
						<>
							, definitions <code>{origin.home_repo}</code>
						</>
					)}
				</>
			) : origin?.kind === "import" ? (
				<>
					imported{origin.format === null ? "" : ` from ${origin.format}`}
					{origin.file !== null && (
						<>
							{" "}
							file <code>{origin.file.path}</code> (sha256{" "}
							<code title={origin.file.sha256}>{origin.file.sha256.slice(0, 12)}</code>)
						</>
					)}
				</>
			) : (
				"its provenance does not say how it came"
			)}
		</p>
	);
}
