import { z } from "zod";
import { RESERVED_VARIANT_IDS, type TaskValidationPlan, VARIANT_EXPECTATIONS } from "../contract/index.js";
import { relativePath } from "./task-paths.js";
import { hiddenFileSchema } from "./task-verifier-schema.js";

const VARIANT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const patch = relativePath("task folder", { file: true })
	.optional()
	.describe("A unified diff inside the task folder (hidden from the model), applied to a copy of the fixture.");
const files = z
	.array(hiddenFileSchema)
	.default([])
	.describe("Files inside the task folder copied over the copy of the fixture, after `patch`.");
const note = z.string().min(1).optional().describe("What it changes and why it is here.");

const variantSchema = z
	.strictObject({
		id: z
			.string()
			.regex(VARIANT_ID_PATTERN, { error: "an id made of letters, digits, ., _ and -" })
			.refine((id) => !(RESERVED_VARIANT_IDS as readonly string[]).includes(id), {
				error: `\`${RESERVED_VARIANT_IDS.join("`, `")}\` name the built-in runs of validate-tasks`,
				params: { fix: "give the variant an id of its own, e.g. `bound3`" },
			})
			.describe("Unique within the task; `validate-tasks --variant ID` runs it alone."),
		patch,
		files,
		response: z.string().optional().describe("The final message given with it, for verifiers that grade one."),
		expect: z.enum(VARIANT_EXPECTATIONS).describe("The verdict it must get: `pass` (a correct repair) or `fail`."),
		note,
	})
	.superRefine((variant, context) => {
		if (variant.patch === undefined && variant.files.length === 0 && variant.response === undefined)
			context.addIssue({
				code: "custom",
				message: `the variant \`${variant.id}\` changes nothing`,
				params: { fix: "add `patch:` (a diff in the task folder), `files:` or `response:`" },
			});
	})
	.describe("An alternative solution applied like the reference, with the verdict it must get.");

const controlSchema = z
	.strictObject({ patch, files, note })
	.superRefine((control, context) => {
		if (control.patch === undefined && control.files.length === 0)
			context.addIssue({
				code: "custom",
				message: "the control changes nothing",
				params: { fix: "add `patch:` or `files:`: an unrelated, harmless change such as a comment appended to a file" },
			});
	})
	.describe("An unrelated, harmless change applied on top of the baseline: its verdict must be the baseline's.");

/** The `validation:` block of a task.yaml; parses into a {@link TaskValidationPlan}. */
export const taskValidationSchema = z
	.strictObject({
		variants: z
			.array(variantSchema)
			.superRefine(uniqueIds, { when: (payload) => Array.isArray(payload.value) })
			.default([])
			.describe("Alternative solutions, each with its expected verdict."),
		control: controlSchema.optional(),
	})
	.transform(
		(validation): TaskValidationPlan => ({
			variants: validation.variants.map((variant) => ({
				id: variant.id,
				patch: variant.patch ?? null,
				files: variant.files,
				response: variant.response ?? null,
				expect: variant.expect,
				note: variant.note ?? null,
			})),
			control:
				validation.control === undefined
					? null
					: {
							patch: validation.control.patch ?? null,
							files: validation.control.files,
							note: validation.control.note ?? null,
						},
		}),
	)
	.describe("Offline validation beyond baseline and gold (`touchstone validate-tasks`); never part of a cell key.");

/** A task without a `validation:` block. */
export const NO_VALIDATION: TaskValidationPlan = Object.freeze({ variants: [], control: null });

/** Every variant's id is its own, checked even when another variant has problems, so all are listed at once. */
function uniqueIds(variants: readonly unknown[], context: z.core.$RefinementCtx): void {
	const seen = new Set<string>();
	variants.forEach((variant, index) => {
		const id = (variant as { id?: unknown } | null)?.id;
		if (typeof id !== "string") return;
		if (seen.has(id))
			context.addIssue({
				code: "custom",
				path: [index, "id"],
				message: `the variant id \`${id}\` is used twice`,
				params: { fix: "give every variant of the task its own id" },
			});
		seen.add(id);
	});
}
