import { z } from "zod";
import { indexFileSchema } from "./index-schema.js";
import { judgePanelsFileSchema } from "./judge-panel-schema.js";
import { modelsFileSchema } from "./model-schema.js";
import { sprintSchema } from "./sprint-schema.js";
import { taskSchema } from "./task-schema.js";
import { useCasesFileSchema } from "./use-case-schema.js";

/** File name of each definition file's JSON Schema, as `touchstone init` writes them under `schemas/`. */
export const SCHEMA_FILES = {
	models: "models.schema.json",
	judgePanels: "judge_panels.schema.json",
	useCases: "use_cases.schema.json",
	task: "task.schema.json",
	index: "index.schema.json",
	sprint: "sprint.schema.json",
} as const;

/**
 * JSON Schemas (draft-07, the dialect editors support best) of the three definition files, of
 * a task pack's task.yaml and of a sprint's sprint.yaml, generated from the same zod schemas the loaders use, input side
 * (defaults optional), with every field's description as help text. Rules that span fields
 * (provider-specific keys, cross references, hidden files) are enforced by the loaders only.
 */
export function definitionSchemas(): Record<string, Record<string, unknown>> {
	const generate = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", target: "draft-7" });
	return {
		[SCHEMA_FILES.models]: generate(modelsFileSchema),
		[SCHEMA_FILES.judgePanels]: generate(judgePanelsFileSchema),
		[SCHEMA_FILES.useCases]: generate(useCasesFileSchema),
		[SCHEMA_FILES.task]: generate(taskSchema),
		[SCHEMA_FILES.index]: generate(indexFileSchema),
		[SCHEMA_FILES.sprint]: generate(sprintSchema),
	};
}
