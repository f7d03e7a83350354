import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
	BadInputError,
	type Case,
	contentHash,
	FIXTURE_DIR,
	type InputIssue,
	type LoadedTask,
	type Runner,
	sha256,
	type TaskEntry,
	type TaskPackAccess,
} from "../contract/index.js";
import { loadTaskPack } from "../definitions/index.js";
import { fixtureHash } from "../sandbox/index.js";

/**
 * The host's side of a task pack: loads `DIR/<task>/task.yaml`, checks every fixture is
 * materialized, and hashes each fixture and each verifier (settings and hidden files), so a
 * changed fixture or gold test re-runs exactly the cells it affects.
 */
export function createTaskPackAccess(
	dir: string,
	sandbox: TaskPackAccess["sandbox"],
	createRunner: (resolve: (testCase: Case) => LoadedTask) => Runner,
): TaskPackAccess {
	return {
		dir,
		sandbox,
		createRunner,
		async load({ signal }) {
			const pack = loadTaskPack(dir);
			const issues: InputIssue[] = [];
			const loaded: LoadedTask[] = [];
			for (const entry of pack.tasks) {
				signal.throwIfAborted();
				const fixture_dir = join(entry.dir, FIXTURE_DIR);
				if (!existsSync(fixture_dir)) {
					issues.push({
						source: entry.source,
						line: null,
						column: null,
						path: "snapshot",
						message: `task ${entry.task.id} has no materialized fixture at ${fixture_dir}`,
						fix: `materialize it: touchstone snapshot ${entry.task.id} --tasks ${dir} [--repo PATH]`,
					});
					continue;
				}
				loaded.push({
					entry,
					fixture_dir,
					fixture_hash: await fixtureHash(fixture_dir),
					verifier_hash: await verifierHash(entry),
				});
			}
			if (issues.length > 0) throw new BadInputError(`The task pack ${dir} is not ready to run.`, issues);
			return loaded;
		},
	};
}

/** Hash of a task's verifier settings and the content of every hidden file it uses. */
async function verifierHash(entry: TaskEntry): Promise<string> {
	const { verifier } = entry.task;
	const hidden =
		verifier.kind === "tests" ? verifier.args.gold_files.map((file) => file.source) : [verifier.args.script];
	const files: Record<string, string> = {};
	for (const source of hidden) files[source] = sha256(await readFile(join(entry.dir, source)));
	return contentHash({ verifier, files });
}
