import { definitionSchemas } from "./json-schemas.js";
import { DEFINITION_FILES } from "./load-definitions.js";
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

/**
 * The files of a fresh benchmarks folder: commented definition files, one example case pack and
 * the JSON Schemas the files' `yaml-language-server` lines point at. Loads without errors as is.
 */
export function scaffoldFiles(): ScaffoldFile[] {
	return [
		{ path: DEFINITION_FILES.models, content: SCAFFOLD_MODELS },
		{ path: DEFINITION_FILES.judgePanels, content: SCAFFOLD_JUDGE_PANELS },
		{ path: DEFINITION_FILES.useCases, content: SCAFFOLD_USE_CASES },
		{ path: "packs/hello/greeting.yaml", content: SCAFFOLD_GREETING_CASE },
		...Object.entries(definitionSchemas()).map(([name, schema]) => ({
			path: `schemas/${name}`,
			content: `${JSON.stringify(schema, null, 2)}\n`,
		})),
	];
}
