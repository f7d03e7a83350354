import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { loadDefinitions } from "../../src/definitions/index.js";
import { defaultRunParts, runUseCase, StopControl } from "../../src/orchestrator/index.js";
import { startScriptedServer, validateScript } from "../../src/scripted-server/index.js";
import { openStore, type Store } from "../../src/store/index.js";
import type { RosterInput } from "../../src/views/index.js";
import { arithScript, writeBenchFixture } from "../support/bench-fixture.js";
import { tempDir } from "../support/cli.js";

/** A real store filled by real runs of scripted models, and the definitions behind it. */
export interface ApiFixture {
	/** The project folder (benchmarks/ and data/ inside). */
	readonly root: string;
	/** The open store (data/benchmarks.db, where runCli points TOUCHSTONE_DB). */
	readonly store: Store;
	/** Today's use cases: `arith` (runnable, run) and `voice` (an idea). */
	readonly useCases: readonly RosterInput[];
	/** The current benchmark version of `arith`. */
	readonly version: string;
	/** Run ids of `arith`, by model. */
	readonly runIds: Readonly<Record<string, readonly string[]>>;
	/** Closes the store. */
	close(): void;
}

/** Number of `arith` cases; the first half are floor cases. */
export const CASES = 4;
/** Samples per cell. */
export const SAMPLES = 2;

/** Options of {@link buildApiFixture}. */
export interface ApiFixtureOptions {
	/** Also run a second use case with this id, a copy of `arith` (same cases and models). */
	readonly twin?: string;
}

/**
 * Runs use case `arith` (4 cases × 2 samples) for `model/right` (always right, the deployed
 * incumbent) and `model/wrong` (always wrong, cheaper) against the scripted server over real
 * HTTP, into a store under a fresh folder; adds an idea use case `voice` to the roster.
 */
export async function buildApiFixture(options: ApiFixtureOptions = {}): Promise<ApiFixture> {
	const server = await startScriptedServer({
		script: validateScript(
			arithScript({
				"model/right": { right: true, latency_ms: 3 },
				"model/wrong": { right: false, latency_ms: 1, cost_usd: 0.0001 },
			}) as never,
		),
	});
	try {
		const fixture = writeBenchFixture({
			cases: CASES,
			samples: SAMPLES,
			models: {
				"model/right": { price: { input: 1, output: 2 }, options: { concurrency: 8 } },
				"model/wrong": { options: { concurrency: 8 } },
			},
		});
		addIdeaUseCase(fixture.dir, options.twin);
		const definitions = loadDefinitions(fixture.dir);
		const store = openStore({
			database: join(fixture.root, "data", "benchmarks.db"),
			artifacts: join(fixture.root, "data", "artifacts"),
		});
		const run = (useCaseId: string) =>
			runUseCase({
				definitions,
				store,
				useCaseId,
				depth: "thorough",
				concurrency: 4,
				force: false,
				dryRun: false,
				parts: defaultRunParts({ TOUCHSTONE_SCRIPTED_URL: server.url }),
				stop: new StopControl(),
				provenance: { test: "api" },
			});
		const summary = await run("arith");
		if (options.twin !== undefined) await run(options.twin);
		const runIds: Record<string, string[]> = {};
		for (const run of store.listRuns({ use_case_id: "arith" }))
			runIds[run.model_id] = [...(runIds[run.model_id] ?? []), run.run_id];
		return {
			root: fixture.root,
			store,
			useCases: definitions.useCases,
			version: summary.benchmark_version,
			runIds,
			close: () => store.close(),
		};
	} finally {
		await server.close();
	}
}

function addIdeaUseCase(dir: string, twin: string | undefined): void {
	const file = join(dir, "use_cases.yaml");
	const document = parse(readFileSync(file, "utf8")) as { use_cases: object[] };
	if (twin !== undefined) document.use_cases.push({ ...document.use_cases[0], id: twin });
	document.use_cases.push({
		id: "voice",
		status: "idea",
		modality: { input: "text", output: "audio" },
		unlock: "read the daily summary aloud",
		ceiling: "no model yet speaks names right",
	});
	writeFileSync(file, stringify(document));
}

/** A folder for tests that need one, outside the fixture. */
export function scratchFolder(): string {
	return tempDir("touchstone-api-");
}
