import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { StoreError } from "../contract/index.js";
import { LEAVING_ARTIFACTS } from "./retired-rows.js";
import { storeAction } from "./store-error.js";

/** What {@link compactStore} wrote. */
export interface Compaction {
	/** The store read, left untouched. */
	readonly source: string;
	/** The new store written. */
	readonly target: string;
	/** Rows left out of the new store, per table. */
	readonly left_out: Readonly<Record<string, number>>;
}

/** Tables whose rows go with a left-out run, children first (foreign keys point at runs). */
const RUN_CHILDREN = [
	["comparisons", "run_a IN (SELECT run_id FROM gone_runs) OR run_b IN (SELECT run_id FROM gone_runs)"],
	["owner_ratings", "run_id IN (SELECT run_id FROM gone_runs)"],
	["scores", "run_id IN (SELECT run_id FROM gone_runs)"],
	["run_seals", "run_id IN (SELECT run_id FROM gone_runs)"],
	["runs", "run_id IN (SELECT run_id FROM gone_runs)"],
] as const;

/**
 * Writes a NEW store at `target` holding everything of the store at `source` except the rows of
 * `modelIds` (their runs, scores, seals, owner ratings, the comparisons they are a side of) and
 * the artifacts only those rows referenced; deployments, specs and every other row are kept, and
 * the artifacts folder is shared (the new store's artifact rows point at the same files). The
 * source is only read (SQLite's VACUUM INTO takes a consistent copy of it, WAL included) and
 * nothing stored is ever rewritten in place: the rows are left out of the copy, whose append-only
 * delete guards are lifted for that one transaction and put back exactly as they were, so it
 * passes `touchstone verify`. Refuses a `target` that exists.
 */
export function compactStore(source: string, target: string, modelIds: readonly string[]): Compaction {
	for (const path of [target, `${target}-wal`, `${target}-shm`])
		if (existsSync(path))
			throw new StoreError(`${path} exists: a compacted store is always a new file; name another or move it away`);
	const ids = JSON.stringify([...new Set(modelIds)].sort());
	const reader = storeAction(
		`could not open the store at ${source}`,
		() => new Database(source, { readonly: true, fileMustExist: true }),
	);
	try {
		storeAction(`could not copy the store to ${target}`, () => reader.prepare("VACUUM INTO ?").run(target));
	} finally {
		reader.close();
	}
	const copy = new Database(target);
	try {
		copy.pragma("foreign_keys = ON");
		const left_out: Record<string, number> = {};
		copy.transaction(() => {
			copy
				.prepare(
					"CREATE TEMP TABLE gone_runs AS SELECT run_id FROM runs WHERE model_id IN (SELECT value FROM json_each(?))",
				)
				.run(ids);
			copy
				.prepare(`CREATE TEMP TABLE gone_artifacts AS ${LEAVING_ARTIFACTS} SELECT sha256 FROM leaving_artifacts`)
				.run(ids);
			const tables = [...RUN_CHILDREN.map(([table]) => table), "artifacts"];
			const guards = copy
				.prepare(
					"SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (SELECT value || '_no_delete' FROM json_each(?)) ORDER BY name",
				)
				.all(JSON.stringify(tables)) as { name: string; sql: string }[];
			for (const { name } of guards) copy.exec(`DROP TRIGGER "${name}"`);
			for (const [table, where] of RUN_CHILDREN)
				left_out[table] = copy.prepare(`DELETE FROM ${table} WHERE ${where}`).run().changes;
			left_out.artifacts = copy
				.prepare("DELETE FROM artifacts WHERE sha256 IN (SELECT sha256 FROM gone_artifacts)")
				.run().changes;
			for (const { sql } of guards) copy.exec(sql);
			copy.exec("DROP TABLE temp.gone_runs; DROP TABLE temp.gone_artifacts;");
		})();
		const broken = copy.pragma("foreign_key_check") as unknown[];
		if (broken.length > 0)
			throw new StoreError(`the compacted store at ${target} has ${broken.length} dangling references`);
		copy.exec("VACUUM");
		return { source, target, left_out };
	} finally {
		copy.close();
	}
}
