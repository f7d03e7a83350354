import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { SpeedupVerifierArgs } from "../../../contract/index.js";
import type { SpeedupLanguageSupport } from "./languages.js";

/** Name of the helper's configuration in the grading folder. */
export const PAIRED_CONFIG_NAME = "_touchstone_paired.json";

/** A temporary grading folder; remove it when the sandbox made over it is gone. */
export interface GradingFolder {
	/** Its absolute path on the host. */
	readonly path: string;
	/** Removes it. */
	remove(): Promise<void>;
}

/**
 * Writes a fresh folder holding only what paired-v1 grades: each editable file (the model's
 * bytes), the baseline, the harness, the helper and its configuration. Never the model's workdir:
 * a fake helper, harness or test it left behind cannot enter.
 */
export async function writeGradingFolder(
	args: SpeedupVerifierArgs,
	support: SpeedupLanguageSupport,
	helper: string,
	candidates: ReadonlyMap<string, string>,
): Promise<GradingFolder> {
	const path = await mkdtemp(join(tmpdir(), "touchstone-speedup-"));
	const remove = () => rm(path, { recursive: true, force: true });
	try {
		const runnable = (file: string, text: string) => support.transform?.(file, text) ?? text;
		const files = new Map<string, string>([...candidates].map(([file, text]) => [file, runnable(file, text)]));
		files.set(args.baseline.path, runnable(args.baseline.path, args.baseline.source));
		files.set(support.harnessName, args.harness);
		files.set(support.helperName, helper);
		files.set(
			PAIRED_CONFIG_NAME,
			JSON.stringify({
				pairs: args.pairs,
				seed: args.seed,
				allowed_imports: args.allowed_imports,
				editable: args.editable,
			}),
		);
		for (const [file, text] of files) {
			await mkdir(dirname(join(path, file)), { recursive: true });
			await writeFile(join(path, file), text);
		}
		return { path, remove };
	} catch (error) {
		await remove();
		throw error;
	}
}
