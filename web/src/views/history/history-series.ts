import type { History, HistoryVersion } from "../../api/types.js";

/** One model × harness followed across versions: a line of the chart, a column of the table. */
export interface HistoryModel {
	readonly key: string;
	readonly model_id: string;
	readonly harness: string;
	/** What the chart's legend and the table's header call it (the harness only when there are several). */
	readonly label: string;
	readonly reference: boolean;
}

/** One headline of one model under one version: a point of the chart, a cell of the table. */
export interface HistoryPoint {
	/** Position of the version, 1 for the oldest. */
	readonly index: number;
	readonly version: string;
	readonly model: HistoryModel;
	readonly headline: number;
	readonly low: number | null;
	readonly high: number | null;
	readonly cases: number;
	readonly specCases: number;
	readonly samples: number;
	readonly limited: boolean;
}

/** The history, laid out for the chart and the table. */
export interface HistorySeries {
	readonly models: readonly HistoryModel[];
	/** Every graded headline (rows without a headline have no point). */
	readonly points: readonly HistoryPoint[];
}

const keyOf = (row: { model_id: string; harness: string }) => `${row.model_id}\u0000${row.harness}`;

/** Models in order of first appearance (a version's rows are best first), and their points. */
export function historySeries(history: History): HistorySeries {
	const harnesses = new Set(history.versions.flatMap((version) => version.rows.map((row) => row.harness)));
	const models = new Map<string, HistoryModel>();
	for (const version of history.versions)
		for (const row of version.rows)
			if (!models.has(keyOf(row)))
				models.set(keyOf(row), {
					key: keyOf(row),
					model_id: row.model_id,
					harness: row.harness,
					label: harnesses.size > 1 ? `${row.model_id} · ${row.harness}` : row.model_id,
					reference: row.reference,
				});
	const points = history.versions.flatMap((version, position) =>
		version.rows.flatMap((row) => {
			const model = models.get(keyOf(row));
			if (row.headline === null || model === undefined) return [];
			return [
				{
					index: position + 1,
					version: version.benchmark_version,
					model,
					headline: row.headline,
					low: row.headline_interval?.low ?? null,
					high: row.headline_interval?.high ?? null,
					cases: row.cases,
					specCases: version.cases,
					samples: row.samples,
					limited: row.precision === "limited",
				},
			];
		}),
	);
	return { models: [...models.values()], points };
}

/** The row of `model` under `version`, if it ran there. */
export function rowOf(version: HistoryVersion, model: HistoryModel): HistoryVersion["rows"][number] | undefined {
	return version.rows.find((row) => row.model_id === model.model_id && row.harness === model.harness);
}

/** A version's short name: its hash part (`kids-qa@649894f5b35e` → `649894f5b35e`). */
export function shortVersion(version: string): string {
	const at = version.lastIndexOf("@");
	return at === -1 ? version : version.slice(at + 1);
}
