import { existsSync } from "node:fs";
import { type Command, Option } from "commander";
import { BadInputError } from "../../contract/index.js";
import { type Definitions, findUseCase, fleetFor } from "../../definitions/index.js";
import { COUNT_BOUNDS } from "../../input/index.js";
import { defaultRunParts, type EndpointOverride, endpointModelId, parseQueueUrl } from "../../orchestrator/index.js";
import { openStore, type Store } from "../../store/index.js";
import type { Gate } from "../../views/index.js";
import { type DirOptions, loadFromDirOption, withDirOption } from "../definitions-option.js";
import { commaList, integerUpTo } from "../flag-parsers.js";
import { checkGateModels, parseGates, withGateOption } from "../gate-flags.js";
import type { CliIo } from "../io.js";
import { runAndReport } from "../run-and-report.js";
import { openWritableStore, type StoreFlags, storePaths, withStoreOptions } from "../store-options.js";

interface RunOptions extends StoreFlags, DirOptions {
	readonly useCase: string;
	readonly models?: string[];
	readonly baseUrl?: string;
	readonly apiKeyEnv?: string;
	readonly depth: "limited" | "thorough";
	readonly samples?: number;
	readonly task: readonly string[];
	readonly concurrency: number;
	readonly force?: boolean;
	readonly dryRun?: boolean;
	readonly failUnder: readonly string[];
	readonly json?: boolean;
	readonly queue?: string;
}

/**
 * `touchstone run`: runs a use case's fleet over its cases, skipping cells already current.
 * Exits 1 when a cell is left ungraded (harness or grader errors after retries) or a
 * `--fail-under` gate falls short, so a CI can gate on it.
 */
export function registerRunCommand(program: Command, io: CliIo): void {
	const command = withDirOption(program.command("run"))
		.description("run a use case: fleet × cases × samples, skipping cells that are already current")
		.requiredOption("--use-case <id>", "the use case to run")
		.option("--models <ids>", "comma-separated registry ids (default: the use case's fleet)", commaList)
		.option(
			"--base-url <url>",
			"run the --models (openai-compatible or openrouter) at this OpenAI-compatible endpoint instead, as rows <id>@<host:port> of their own",
		)
		.option(
			"--api-key-env <name>",
			"with --base-url: the environment variable holding the endpoint's key (default: none)",
		)
		.addOption(
			new Option("--depth <depth>", "limited: floor cases once; thorough: every case, N samples")
				.choices(["limited", "thorough"])
				.default("thorough"),
		)
		.option(
			"--samples <n>",
			"samples per case at thorough depth (default: the use case's, else 2)",
			integerUpTo(COUNT_BOUNDS.samples),
		)
		.option(
			"--task <id>",
			"run only this task of a task use case's pack (repeatable); the other tasks' cells stay as they are",
			(id: string, ids: readonly string[]) => [...ids, id],
			[] as readonly string[],
		)
		.option("--concurrency <n>", "cells in flight at once", integerUpTo(COUNT_BOUNDS.concurrency), 8)
		.option("--force", "re-run cells that already have a current result")
		.option("--dry-run", "show the plan without calling any model or writing anything")
		.option(
			"--queue <url>",
			"put the cells on this Redis (redis://HOST:PORT[/DB]) for `touchstone worker`s to run; this process writes what they return",
			(value: string) => parseQueueUrl(value),
		)
		.option("--json", "print the summary, leaderboard and gates as JSON");
	withStoreOptions(withGateOption(command), "reads and writes").action(async (options: RunOptions) => {
		const endpoint = endpointOf(options);
		const definitions = loadFromDirOption(options.dir, options.allowPath);
		const gates = gatesForRun(definitions, options, parseGates(options.failUnder));
		const store = openRunStore(io, options);
		try {
			const { failure } = await runAndReport(io, store, definitions, defaultRunParts(io.env), {
				useCase: options.useCase,
				models: options.models,
				endpoint,
				depth: options.depth,
				samples: options.samples,
				tasks: options.task,
				concurrency: options.concurrency,
				force: options.force === true,
				dryRun: options.dryRun === true,
				json: options.json === true,
				gates,
				queue: options.queue === undefined ? undefined : { url: options.queue },
			});
			if (failure !== null) throw failure;
		} finally {
			store?.close();
		}
	});
}

/** The store a run writes; a dry run writes nothing, so it only reads one that exists (or none). */
function openRunStore(io: CliIo, options: RunOptions): Store | null {
	const paths = storePaths(io, options);
	if (options.dryRun !== true) return openWritableStore(io, options);
	return existsSync(paths.database) ? openStore({ ...paths, readonly: true }) : null;
}

function endpointOf(options: RunOptions): EndpointOverride | undefined {
	if (options.baseUrl === undefined) {
		if (options.apiKeyEnv !== undefined)
			throw new BadInputError("--api-key-env is only for --base-url", [
				{
					source: "--api-key-env",
					line: null,
					column: null,
					path: "",
					message: "--api-key-env names the key of a --base-url endpoint, and no --base-url was given",
					fix: "add --base-url URL, or set the key variable with `api_key_env:` in models.yaml",
				},
			]);
		return undefined;
	}
	return { baseUrl: options.baseUrl, apiKeyEnv: options.apiKeyEnv ?? null };
}

/**
 * The gates of a run, checked before anything runs: a `MODEL:` gate must name a model this run
 * will run (in a `--base-url` run, the model's id or the id it runs under at the endpoint).
 */
function gatesForRun(definitions: Definitions, options: RunOptions, gates: readonly Gate[]): Gate[] {
	const useCase = findUseCase(definitions, options.useCase);
	// An unknown use case or endpoint is reported by the run itself, with its own fix.
	if (useCase === undefined || gates.every((gate) => gate.model === null)) return [...gates];
	const requested = options.models ?? fleetFor(definitions, useCase).map((model) => model.id);
	let derived: ReadonlyMap<string, string> = new Map();
	if (options.baseUrl !== undefined) {
		try {
			derived = new Map(requested.map((id) => [id, endpointModelId(id, options.baseUrl as string)]));
		} catch {
			return [...gates];
		}
	}
	const named = gates.map((gate) =>
		gate.model === null ? gate : { ...gate, model: derived.get(gate.model) ?? gate.model },
	);
	checkGateModels(
		named,
		options.baseUrl === undefined ? requested : [...derived.values()],
		"in this run (--models, or the use case's fleet)",
	);
	return named;
}
