import { readFile, writeFile } from "node:fs/promises";
import type { ModelRetirement } from "../contract/index.js";
import { modelsFileSchema } from "./model-schema.js";
import { parseYamlFile } from "./yaml-file.js";
import { withYamlValue } from "./yaml-value-edit.js";

/**
 * The text of a models.yaml with the model `id` retired: `status: retired` (unless it already
 * says so) and `retired: { reason, date }` set on its entry (the reason's whitespace, line breaks included, made single spaces), and nothing else changed (comments,
 * order, quoting and the other entries stay byte for byte; see {@link withYamlValue}). Throws when the
 * file has no such entry, when the entry is a flow mapping (`- {id: …}`: the editor writes only
 * into block mappings, so it says to set it by hand), or the result would not be a valid registry; the caller checks first
 * that the model exists and is not already retired, to say so as bad input.
 */
export function withRetiredModel(text: string, id: string, retirement: ModelRetirement): string {
	const file = parseYamlFile("models.yaml", text);
	const models = (file.data as { models?: unknown } | null)?.models;
	const index = Array.isArray(models) ? models.findIndex((entry) => (entry as { id?: unknown } | null)?.id === id) : -1;
	if (index < 0) throw new Error(`models.yaml has no model \`${id}\``);
	const entry = (models as Record<string, unknown>[])[index] as Record<string, unknown>;
	const status = entry.status === "retired" ? text : withYamlValue(text, ["models", index, "status"], "retired");
	const next = withYamlValue(
		status,
		["models", index, "retired"],
		// One line of text, so the block stays one line of the file.
		{ reason: retirement.reason.replace(/\s+/g, " ").trim(), date: retirement.date },
		{ flowDepth: 0 },
	);
	const check = modelsFileSchema.safeParse(parseYamlFile("models.yaml", next).data);
	if (!check.success) throw new Error(`retiring \`${id}\` would leave models.yaml invalid: ${check.error.message}`);
	return next;
}

/** Retires the model `id` in the models.yaml at `file` (see {@link withRetiredModel}). */
export async function retireModel(file: string, id: string, retirement: ModelRetirement): Promise<void> {
	await writeFile(file, withRetiredModel(await readFile(file, "utf8"), id, retirement));
}
