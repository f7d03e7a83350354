import { z } from "zod";
import type { TaskRuntime } from "../contract/index.js";
import { ENV_NAME_PATTERN } from "./env-references.js";
import { mountListSchema } from "./mount-schema.js";

export const argvSchema = z
	.array(z.string().min(1, { error: "an argument may not be empty" }))
	.min(1, { error: "a command needs at least its program" })
	.describe("Program and arguments, run without a shell, e.g. [npm, install, --no-save].");

const envValueSchema = z
	.union([z.string(), z.number(), z.boolean()])
	.transform(String)
	.describe("The value (numbers and booleans are written as text).");

/**
 * The `runtime:` block of task.yaml or of a task use case in use_cases.yaml: what the task's
 * commands need beyond the fixture. Parses into a contract {@link TaskRuntime}, its members null
 * when left out (so a task's runtime can override its use case's member by member).
 */
export const runtimeSchema = z
	.strictObject({
		setup: z
			.array(argvSchema)
			.optional()
			.describe(
				"Commands run in order once per fixture version, in a copy of the fixture, with the network on and no secrets; the result is cached and is the base of every cell's workdir.",
			),
		mounts: mountListSchema("absolute-or-relative")
			.optional()
			.describe("Host folders shown read-only inside the sandbox."),
		env: z
			.record(z.string(), envValueSchema)
			.superRefine((env, context) => {
				for (const name of Object.keys(env))
					if (!ENV_NAME_PATTERN.test(name))
						context.addIssue({
							code: "custom",
							path: [name],
							message: `\`${name}\` is not an environment variable name`,
							params: { fix: "use letters, digits and _, not starting with a digit, e.g. PYTHONPATH", atKey: true },
						});
			})
			.optional()
			.describe("Variables added to every command's environment in the sandbox, e.g. { PYTHONPATH: src }."),
	})
	.transform(
		(runtime): TaskRuntime => ({
			setup: runtime.setup ?? null,
			mounts: runtime.mounts ?? null,
			env: runtime.env ?? null,
		}),
	)
	.describe(
		"What the task's commands need beyond the fixture: setup commands (cached), read-only mounts and variables. A task's members win over its use case's.",
	);
