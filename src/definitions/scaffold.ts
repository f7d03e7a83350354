import { definitionSchemas } from "./json-schemas.js";
import { DEFINITION_FILES } from "./load-definitions.js";
import {
	SCAFFOLD_TASK,
	SCAFFOLD_TASK_DIR,
	SCAFFOLD_TASK_GOLD_TEST,
	SCAFFOLD_TASK_REFERENCE,
} from "./scaffold-task-texts.js";
import {
	SCAFFOLD_GREETING_CASE,
	SCAFFOLD_JUDGE_PANELS,
	SCAFFOLD_MODELS,
	SCAFFOLD_USE_CASES,
} from "./scaffold-texts.js";

/** One file to write, with its path relative to the benchmarks folder. */
export interface ScaffoldFile {
	/** `/`-separated path relative to the benchmarks folder. */
	readonly path: string;
	/** Full text of the file. */
	readonly content: string;
}

/** Keeps task fixtures (materialized by `touchstone snapshot`) out of git. */
const GITIGNORE = `# task fixtures are materialized by \`touchstone snapshot\`; staging folders of an interrupted one
**/fixture/
**/.fixture-*/
`;

/**
 * The files of a fresh benchmarks folder: commented definition files, one example case pack, the
 * example task of the commented task use case, and the JSON Schemas the files'
 * `yaml-language-server` lines point at. Loads, validates and runs without errors as is.
 */
export function scaffoldFiles(): ScaffoldFile[] {
	return [
		{ path: DEFINITION_FILES.models, content: SCAFFOLD_MODELS },
		{ path: DEFINITION_FILES.judgePanels, content: SCAFFOLD_JUDGE_PANELS },
		{ path: DEFINITION_FILES.useCases, content: SCAFFOLD_USE_CASES },
		{ path: "packs/hello/greeting.yaml", content: SCAFFOLD_GREETING_CASE },
		{ path: `${SCAFFOLD_TASK_DIR}/task.yaml`, content: SCAFFOLD_TASK },
		{ path: `${SCAFFOLD_TASK_DIR}/hidden/slug-words.test.mjs`, content: SCAFFOLD_TASK_GOLD_TEST },
		{ path: `${SCAFFOLD_TASK_DIR}/reference/slug.mjs`, content: SCAFFOLD_TASK_REFERENCE },
		{ path: ".gitignore", content: GITIGNORE },
		...Object.entries(definitionSchemas()).map(([name, schema]) => ({
			path: `schemas/${name}`,
			content: `${JSON.stringify(schema, null, 2)}\n`,
		})),
	];
}
