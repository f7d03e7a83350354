import { dirname, join } from "node:path";
import type { Command } from "commander";
import { type Definitions, loadDefinitions, loadTaskPack } from "../../definitions/index.js";
import { COUNT_BOUNDS } from "../../input/index.js";
import { defaultRunParts } from "../../orchestrator/index.js";
import { fixtureState, materializeFixture, sandboxPath } from "../../sandbox/index.js";
import { loadScript, startScriptedServer } from "../../scripted-server/index.js";
import { displayPath } from "../definitions-option.js";
import { missingProgramLines, missingPrograms, queueHintLines } from "../demo-programs.js";
import { demoSandbox, hasUnisolatedRows } from "../demo-sandbox.js";
import { runDemoSprints } from "../demo-sprints.js";
import { integerUpTo } from "../flag-parsers.js";
import { type CliIo, printLine } from "../io.js";
import { PACKAGE_ROOT } from "../package-info.js";
import { runAndReport } from "../run-and-report.js";
import { openWritableStore, type StoreFlags, storePaths, withStoreOptions } from "../store-options.js";

/**
 * `touchstone demo`: the embedded default. Starts the scripted stand-in server on a free loopback
 * port and runs every runnable use case of the bundled examples against it, offline. The example
 * task packs are seeded (no repository needed), so their gitignored fixtures are materialized
 * first; the same task.yaml always gives the same fixture, so a second demo finds every cell current.
 * Where bubblewrap cannot run, it says so first and runs the bundled task pack unisolated (see
 * demoSandbox); once bubblewrap works, the next demo re-runs those cells isolated. A program a
 * bundled task's verifier needs (python3 for the Python speedup task) that is missing is named
 * first too, with how to install it: those cells end as grader errors, excluded and counted.
 */
export function registerDemoCommand(program: Command, io: CliIo): void {
	withStoreOptions(program.command("demo"), "reads and writes")
		.description("run the bundled example benchmarks offline, against scripted stand-in models")
		.option("--concurrency <n>", "cells in flight at once", integerUpTo(COUNT_BOUNDS.concurrency), 16)
		.option("--force", "re-run cells that already have a current result")
		.action(async (options: StoreFlags & { concurrency: number; force?: boolean }) => {
			const examples = join(PACKAGE_ROOT, "examples");
			const definitionsDir = displayPath(join(examples, "benchmarks"));
			const definitions = loadDefinitions(definitionsDir);
			const useCases = definitions.useCases.filter((useCase) => useCase.status === "runnable");
			const taskUseCases = useCases.filter((useCase) => useCase.tasks !== null).map((useCase) => useCase.id);
			const sandbox = await demoSandbox(io.env, taskUseCases);
			for (const line of sandbox.warning) printLine(io, line);
			// Unisolated, commands run on this machine's PATH; isolated, on the sandbox's own.
			const searchPath = sandbox.isolated ? sandboxPath() : (io.env.PATH ?? "");
			for (const line of missingProgramLines(missingPrograms(definitions, searchPath))) printLine(io, line);
			for (const line of queueHintLines(io.env.PATH ?? "")) printLine(io, line);
			const server = await startScriptedServer({ script: await loadScript(join(examples, "scripted", "demo.yaml")) });
			const env = { ...io.env, ...sandbox.env, TOUCHSTONE_SCRIPTED_URL: server.url };
			const paths = storePaths(io, options);
			const store = openWritableStore(io, options);
			try {
				printLine(io, `touchstone demo: scripted stand-in models (not real ones) on ${server.url}`);
				printLine(io, `definitions: ${definitionsDir} · store: ${displayPath(paths.database)}`);
				await materializeTaskFixtures(definitions);
				for (const useCase of useCases) {
					printLine(io);
					// Cells an earlier demo ran unisolated are current, but not what an isolated run would give.
					const rerun = sandbox.isolated && taskUseCases.includes(useCase.id) && hasUnisolatedRows(store, useCase.id);
					if (rerun) printLine(io, `${useCase.id}: bubblewrap works now; re-running the cells that ran unisolated`);
					await runAndReport(io, store, definitions, defaultRunParts(env), {
						useCase: useCase.id,
						depth: "thorough",
						concurrency: options.concurrency,
						force: options.force === true || rerun,
						dryRun: false,
						json: false,
					});
				}
				await runDemoSprints(io, store, definitions, defaultRunParts(env), join(dirname(paths.database), "sprints"));
				printLine(io);
				for (const line of sandbox.advice) printLine(io, line);
				if (sandbox.advice.length > 0) printLine(io);
				printLine(io, "Next (from a checkout, `touchstone` is `node bin/touchstone.js`):");
				printLine(
					io,
					`  touchstone view --dir ${definitionsDir} --open   all of it in the browser: http://127.0.0.1:33800/ (the API under /api/v1/benchmarks)`,
				);
				printLine(
					io,
					`  touchstone roster --dir ${definitionsDir}   every use case, ideas included (the unlock board)`,
				);
				printLine(
					io,
					"  touchstone leaderboard --use-case kids-qa --columns all   a leaderboard and its decision again, every column",
				);
				printLine(io, "  touchstone matrix --use-case extraction   case × model grid with pass marks");
				printLine(
					io,
					"  touchstone inspect --use-case summarization --case <id>   one case side by side, with juror votes",
				);
				printLine(
					io,
					"  touchstone inspect --use-case code-fix --case audit-currency   an agent's trace, diff and checks",
				);
				printLine(
					io,
					"  touchstone inspect --use-case support-replies --case outage-credit   a rubric written in YAML, each juror's vote",
				);
				printLine(
					io,
					`  touchstone run --dir ${definitionsDir} --use-case ${useCases[0]?.id ?? "ID"} --dry-run   a plan: every cell is current now`,
				);
				printLine(
					io,
					"  touchstone calibrate --use-case summarization   the jury's report card, and runs you could rate",
				);
				printLine(io, "  touchstone rate RUN_ID --label ship|edit|reject  your rating of one output");
				printLine(
					io,
					`  touchstone sprint run --dir ${definitionsDir} --sprint example --model scripted/strong --orchestration orchestrate   one sprint, every layer, one more row`,
				);
				printLine(
					io,
					"  touchstone leaderboard --use-case sprint-example   the sprint's rows per model and orchestration",
				);
				printLine(
					io,
					"  touchstone leaderboard --use-case code-fix --lens self-host   the gate model's board through the self-host lens",
				);
				printLine(
					io,
					`  touchstone index --dir ${definitionsDir}   the best model per role, and the cheapest and fastest close to it`,
				);
				printLine(
					io,
					`  touchstone report --dir ${definitionsDir} --out reports/leaderboard.md --junit reports/junit.xml   every leaderboard as markdown for git, and JUnit for CI`,
				);
			} finally {
				store.close();
				await server.close();
			}
		});
}

/**
 * Makes fixture/ of each task of the runnable task use cases current, from the seeded files of its
 * task.yaml, as `touchstone snapshot` would. A fixture its manifest shows current is never touched:
 * demos side by side, or a run reading a fixture, never see one being swapped.
 */
async function materializeTaskFixtures(definitions: Definitions): Promise<void> {
	for (const useCase of definitions.useCases) {
		if (useCase.status !== "runnable" || useCase.tasks === null) continue;
		for (const { dir, task } of loadTaskPack(join(definitions.dir, useCase.tasks)).tasks)
			if ((await fixtureState(dir, task)).state !== "current") await materializeFixture(dir, task, { repo: null });
	}
}
