import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stringify } from "yaml";
import { tempDir } from "./cli.js";

/** A generated benchmarks/ folder: one use case `arith` of `cases` prompts, models on a scripted server. */
export interface BenchFixture {
	/** The temporary project folder (cwd for spawned CLIs). */
	readonly root: string;
	/** Its benchmarks/ folder. */
	readonly dir: string;
}

/** Options of a generated fixture. */
export interface BenchFixtureOptions {
	/** Number of cases (`repeat the number N`); the first half are floor cases. */
	readonly cases: number;
	/** Model ids with their registry extras (price, options, api_key_env). */
	readonly models: Readonly<Record<string, Record<string, unknown>>>;
	/** Samples per case at thorough depth. */
	readonly samples?: number;
}

/**
 * Writes a benchmarks/ folder whose models point at `${TOUCHSTONE_SCRIPTED_URL}/v1` and whose
 * cases ask `repeat the number N`, graded by a `contains` check of `answer: N`.
 */
export function writeBenchFixture(options: BenchFixtureOptions): BenchFixture {
	const root = tempDir("touchstone-bench-");
	const dir = join(root, "benchmarks");
	mkdirSync(join(dir, "packs", "arith"), { recursive: true });
	const models = Object.entries(options.models).map(([id, extra]) => ({
		id,
		provider: "openai-compatible",
		model: id,
		// biome-ignore lint/suspicious/noTemplateCurlyInString: a ${VAR} reference that touchstone expands at run time
		base_url: "${TOUCHSTONE_SCRIPTED_URL}/v1",
		...extra,
	}));
	writeFileSync(join(dir, "models.yaml"), stringify({ models }));
	writeFileSync(
		join(dir, "use_cases.yaml"),
		stringify({
			use_cases: [
				{
					id: "arith",
					status: "runnable",
					modality: { input: "text", output: "text" },
					plugin: "cases",
					cases: "packs/arith/*.yaml",
					samples: options.samples ?? 2,
					grading: { headline: "composite" },
					deployed: { model: Object.keys(options.models)[0], harness: "single-shot" },
				},
			],
		}),
	);
	writeFileSync(join(dir, "packs", "arith", "cases.yaml"), stringify({ cases: arithCases(options.cases) }));
	return { root, dir };
}

/** The generated cases, exposed so tests can rewrite one. */
export function arithCases(count: number): Record<string, unknown>[] {
	return Array.from({ length: count }, (_, index) => ({
		id: `q${String(index).padStart(5, "0")}`,
		kind: index < count / 2 ? "floor" : "ceiling",
		input: { prompt: `repeat the number ${index}` },
		checks: [{ metric: "answer", contains: [`answer: ${index}.`] }],
	}));
}

/** A scripted-server script where each model answers right, wrong or as told. */
export function arithScript(
	models: Readonly<Record<string, { right: boolean; latency_ms?: number; cost_usd?: number; faults?: object }>>,
): object {
	return {
		seed: 7,
		models: Object.fromEntries(
			Object.entries(models).map(([id, model]) => [
				id,
				{
					latency_ms: model.latency_ms ?? 5,
					...(model.cost_usd === undefined ? {} : { cost_usd: model.cost_usd }),
					...(model.faults === undefined ? {} : { faults: model.faults }),
					rules: [{ when: { user: "repeat the number (\\d+)" }, reply: model.right ? "answer: $1." : "answer: none." }],
				},
			]),
		),
	};
}
