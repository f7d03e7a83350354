import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type SpeedupLanguage, type SpeedupVerifierArgs, sha256 } from "../../../contract/index.js";
import { VerifierHarnessError } from "../verifier-harness-error.js";
import { NODE_HARNESS_FILE, NODE_HELPER_FILE, nodePairedArgv } from "./node/node-helper.js";
import { nodePrecheck, nodeRunnable } from "./node/prepare-node-candidate.js";

/**
 * What the speedup verifier needs of one candidate language: its shipped helper, the file names
 * the grading folder gives the helper and the harness, the interpreter's argv, and an optional
 * host-side check of the candidate's sources before anything runs. A new language is one entry
 * of {@link SPEEDUP_LANGUAGE_SUPPORT}; its import sets live in the contract (checked at load).
 */
export interface SpeedupLanguageSupport {
	/** The shipped helper, found beside this module in src/ and in dist/. */
	readonly helperFile: URL;
	/** The helper's name in the grading folder, e.g. `_touchstone_paired.py`. */
	readonly helperName: string;
	/** The harness's name in the grading folder, e.g. `_touchstone_harness.py`. */
	readonly harnessName: string;
	/** The program that runs the helper, for messages and the config. */
	interpreter(args: SpeedupVerifierArgs): string;
	/** The command, run with the grading folder (at `workdir` inside the sandbox) as cwd. */
	argv(args: SpeedupVerifierArgs, workdir: string): string[];
	/** Why the candidate's sources break the language's policy (checked on the host), or null. */
	precheck?(files: ReadonlyMap<string, string>, args: SpeedupVerifierArgs): string | null;
	/** A source (editable or baseline) as the helper loads it, e.g. TypeScript stripped; absent: as written. */
	transform?(path: string, source: string): string;
}

/** Per language, how the speedup verifier runs its helper. */
export const SPEEDUP_LANGUAGE_SUPPORT: Readonly<Record<SpeedupLanguage, SpeedupLanguageSupport>> = {
	python: {
		helperFile: new URL("./python/_touchstone_paired.py", import.meta.url),
		helperName: "_touchstone_paired.py",
		harnessName: "_touchstone_harness.py",
		interpreter: (args) => args.python,
		// -I: no user site, no PYTHON* variables, not the script's folder on sys.path; -B: no bytecode; -S: no site hooks.
		argv: (args) => [args.python, "-I", "-B", "-S", "_touchstone_paired.py", "_touchstone_harness.py"],
	},
	node: {
		helperFile: new URL(`./node/${NODE_HELPER_FILE}`, import.meta.url),
		helperName: NODE_HELPER_FILE,
		harnessName: NODE_HARNESS_FILE,
		// The sandbox's node (/usr/bin/node); the permission model needs Node 20 or newer.
		interpreter: () => "node",
		argv: (_args, workdir) => nodePairedArgv(workdir),
		precheck: (files, args) => nodePrecheck(files, args.allowed_imports),
		transform: (path, source) => {
			try {
				return nodeRunnable(path, source);
			} catch (error) {
				const why = error instanceof Error ? error.message : String(error);
				throw new VerifierHarnessError(
					"speedup",
					`${path} cannot be read as TypeScript: ${why}`,
					"fix the baseline's source",
				);
			}
		},
	},
};

/** The helper's text and sha256 (it enters the verifier config, so cell keys); throws when the build left it out. */
export function readHelper(support: SpeedupLanguageSupport): { text: string; sha256: string } {
	const path = fileURLToPath(support.helperFile);
	if (!existsSync(path))
		throw new Error(
			`the speedup helper ${path} is missing; reinstall touchstone, or run \`npm run build\`, which copies it into dist/`,
		);
	const text = readFileSync(path, "utf8");
	return { text, sha256: sha256(text) };
}
