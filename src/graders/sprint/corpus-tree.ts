import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Etalon } from "./etalon.js";
import { type SprintScoringInput, testPathMatcher } from "./scoring-input.js";
import { treeFiles } from "./tree-files.js";

/** A host folder holding the etalon's implementation with the model's tests in it, removed by `dispose`. */
export interface CorpusTree {
	/** The tree (absolute): the baseline, the etalon's overlay over it, the superseded tests gone, the test corpus swapped for the model's. */
	readonly dir: string;
	/** The model's test files put in, repository-relative, sorted. */
	readonly model_tests: readonly string[];
	/** The etalon overlay's files, repository-relative, sorted. */
	readonly overlay: readonly string[];
	/** Makes a fresh copy of the tree in a folder of its own (a mutant's), removed with this one. */
	copy(name: string): Promise<string>;
	dispose(): Promise<void>;
}

/**
 * Builds the tree the corpus and mutation layers run the model's tests in: a copy of the
 * baseline, the etalon's `tree/` laid over it, each superseded test removed, then every file of the
 * test corpus (the sprint's `tests` globs) removed and the branch's own test files put in. So the
 * model's tests run against the reference implementation, never against its own.
 */
export async function buildCorpusTree(input: SprintScoringInput, etalon: Etalon): Promise<CorpusTree> {
	const root = await mkdtemp(join(tmpdir(), "touchstone-sprint-corpus-"));
	const dir = join(root, "tree");
	const dispose = () => rm(root, { recursive: true, force: true });
	try {
		const isTest = testPathMatcher(input.sprint);
		await copyTree(input.baselineTree, dir);
		await copyTree(etalon.tree, dir);
		for (const path of input.sprint.superseded) await rm(join(dir, path), { recursive: true, force: true });
		for (const path of await treeFiles(dir)) if (isTest(path)) await rm(join(dir, path), { force: true });
		const model_tests = (await treeFiles(input.tree)).filter(isTest);
		for (const path of model_tests) {
			await mkdir(dirname(join(dir, path)), { recursive: true });
			await cp(join(input.tree, path), join(dir, path), { verbatimSymlinks: true });
		}
		const overlay = await treeFiles(etalon.tree);
		const copy = async (name: string) => {
			const target = join(root, "copies", name);
			await copyTree(dir, target);
			return target;
		};
		return { dir, model_tests, overlay, copy, dispose };
	} catch (error) {
		await dispose();
		throw error;
	}
}

/** Copies `from` over `to` (created when missing), keeping symlinks as they are and leaving any `.git` out. */
async function copyTree(from: string, to: string): Promise<void> {
	await mkdir(to, { recursive: true });
	await cp(from, to, {
		recursive: true,
		force: true,
		verbatimSymlinks: true,
		filter: (source) => source !== join(from, ".git"),
	});
}
