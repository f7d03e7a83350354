import { z } from "zod";
import { mountTargetProblem, type TaskRuntime } from "../contract/index.js";
import { ENV_NAME_PATTERN, envReferences } from "./env-references.js";

const argvSchema = z
	.array(z.string().min(1, { error: "an argument may not be empty" }))
	.min(1, { error: "a command needs at least its program" })
	.describe("Program and arguments, run without a shell, e.g. [npm, install, --no-save].");

const mountSchema = z
	.strictObject({
		from: z
			.string()
			.min(1)
			.superRefine((from, context) => {
				const bad = envReferences(from).find((name) => !ENV_NAME_PATTERN.test(name));
				if (bad !== undefined)
					context.addIssue({
						code: "custom",
						message: `\`\${${bad}}\` is not a valid environment variable reference`,
						// biome-ignore lint/suspicious/noTemplateCurlyInString: shows the literal `${VAR}` syntax
						params: { fix: "write `${NAME}` with a variable name of letters, digits and _" },
					});
				else if (from.replace(/\$\{[^}]*\}/g, "").includes("${"))
					context.addIssue({
						code: "custom",
						message: "an environment variable reference is missing its closing `}`",
						// biome-ignore lint/suspicious/noTemplateCurlyInString: shows the literal `${VAR}` syntax
						params: { fix: "close it: `${NAME}`" },
					});
			})
			.describe(
				// biome-ignore lint/suspicious/noTemplateCurlyInString: documents the literal `${VAR}` syntax
				"Host folder (or file) to show; absolute, or relative to the file that declares it; ${VAR} references are expanded at run time.",
			),
		to: z
			.string()
			.min(1)
			.superRefine((to, context) => {
				const problem = mountTargetProblem(to);
				if (problem !== null)
					context.addIssue({
						code: "custom",
						message: `the mount target ${JSON.stringify(to)} ${problem}`,
						params: { fix: "mount it at an absolute path such as /opt/venv or /mnt/data" },
					});
			})
			.describe(
				"Where it appears inside the sandbox, read-only: an absolute path outside the system folders and /workspace.",
			),
	})
	.describe("A host folder shown read-only inside the sandbox.");

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
		mounts: z
			.array(mountSchema)
			.optional()
			.superRefine((mounts, context) => {
				const seen = new Set<string>();
				mounts?.forEach((mount, index) => {
					if (seen.has(mount.to))
						context.addIssue({
							code: "custom",
							path: [index, "to"],
							message: `two mounts share the target ${mount.to}`,
							params: { fix: "give each mount its own target" },
						});
					seen.add(mount.to);
				});
			})
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
