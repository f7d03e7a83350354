import { dirname, join, resolve } from "node:path";

/** Where a store keeps its SQLite database and its content-addressed artifact files. */
export interface StorePaths {
	/** Absolute path of the SQLite database file. */
	readonly database: string;
	/** Absolute path of the artifacts folder (files live at `<sha[:2]>/<sha>` inside it). */
	readonly artifacts: string;
}

/** Default database path, relative to the working directory. */
export const DEFAULT_DATABASE_PATH = "data/benchmarks/benchmarks.db";
/** Default artifacts folder, relative to the working directory. */
export const DEFAULT_ARTIFACTS_PATH = "data/benchmarks/artifacts";

/**
 * Resolves the store's paths: `data/benchmarks/benchmarks.db` and `data/benchmarks/artifacts/`
 * under `cwd`, overridden by `TOUCHSTONE_DB` and `TOUCHSTONE_ARTIFACTS` (relative values are taken
 * from `cwd`; empty values count as unset).
 */
export function resolveStorePaths(
	env: Readonly<Record<string, string | undefined>> = process.env,
	cwd: string = process.cwd(),
): StorePaths {
	return {
		database: resolve(cwd, nonEmpty(env.TOUCHSTONE_DB) ?? DEFAULT_DATABASE_PATH),
		artifacts: resolve(cwd, nonEmpty(env.TOUCHSTONE_ARTIFACTS) ?? DEFAULT_ARTIFACTS_PATH),
	};
}

function nonEmpty(value: string | undefined): string | undefined {
	return value === undefined || value.trim() === "" ? undefined : value;
}

/**
 * Where task runtimes' prepared bases are cached: `runtimes/` beside the database (so
 * `data/benchmarks/runtimes/` by default), one folder per fixture hash and runtime.
 */
export function runtimeCacheDir(paths: StorePaths): string {
	return join(paths.database === ":memory:" ? resolve("data/benchmarks") : dirname(paths.database), "runtimes");
}
