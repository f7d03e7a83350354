import { z } from "zod";
import { BadInputError, CASE_KINDS, type Case, type CaseData, defineCase, type JsonObject } from "../contract/index.js";

const jsonObject = z.record(z.string(), z.json()) as unknown as z.ZodType<JsonObject>;

const caseDataSchema = z.strictObject({
	id: z.string().min(1),
	version: z.string().min(1),
	use_case_id: z.string().min(1),
	kind: z.enum(CASE_KINDS),
	input: jsonObject,
	reference: jsonObject.nullable(),
	threshold: z.number().min(0).max(1),
	metadata: jsonObject,
});

/**
 * Checks what a plugin's CaseSource returned, so a plugin's mistake is a clear bad-input error
 * naming the plugin and the case, never a broken run. Ids must be unique and belong to the use case.
 */
export function validateCases(pluginId: string, useCaseId: string, cases: readonly CaseData[]): Case[] {
	const source = `plugin ${pluginId}`;
	const issues = cases.flatMap((item, index) => {
		const result = caseDataSchema.safeParse(item);
		const problems = result.success
			? []
			: result.error.issues.map((issue) => ({
					source,
					line: null,
					column: null,
					path: [`cases[${index}]`, ...issue.path.map(String)].join("."),
					message: issue.message,
					fix: "fix the plugin's CaseSource (or the case file it read)",
				}));
		if (result.success && item.use_case_id !== useCaseId)
			problems.push({
				source,
				line: null,
				column: null,
				path: `cases[${index}].use_case_id`,
				message: `case ${item.id} belongs to ${item.use_case_id}, not ${useCaseId}`,
				fix: "a CaseSource must return cases of the use case it was created for",
			});
		return problems;
	});
	const seen = new Set<string>();
	cases.forEach((item, index) => {
		if (seen.has(item.id))
			issues.push({
				source,
				line: null,
				column: null,
				path: `cases[${index}].id`,
				message: `duplicate case id ${item.id}`,
				fix: "give every case of a use case its own id",
			});
		seen.add(item.id);
	});
	if (cases.length === 0)
		issues.push({
			source,
			line: null,
			column: null,
			path: "",
			message: `use case ${useCaseId} has no cases`,
			fix: "add case files, or check the use case's `cases:` glob",
		});
	if (issues.length > 0) throw new BadInputError(`The cases of ${useCaseId} are not usable`, issues);
	return cases.map((item) => defineCase(item));
}
