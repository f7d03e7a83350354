import { z } from "zod";
import type { Case, SandboxMount, TaskBudget, TaskTools } from "../../contract/index.js";
import type { CreateSandboxOptions } from "../../sandbox/index.js";

/**
 * What a task runner needs to know about one case: the prompt, the fixture the model works in,
 * what it may spend and which tools it gets. A plugin maps each case to its task (the task-pack
 * plugin reads task.yaml); the runners take the mapping as an option so they stay plugin-free.
 */
export interface AgentTask {
	/** What the model is asked to do: the first user message. */
	readonly prompt: string;
	/**
	 * The pristine folder each cell's workdir is copied from (and diffed against), never changed: the
	 * task's fixture, after its runtime's setup when it has one.
	 */
	readonly fixtureDir: string;
	/** The task runtime's read-only mounts, shown to every command of the attempt. */
	readonly mounts?: readonly SandboxMount[];
	/** The task runtime's variables, given to every command of the attempt. */
	readonly env?: Readonly<Record<string, string>>;
	/** What one attempt may spend; see TaskBudget. */
	readonly budget: TaskBudget;
	/** Which optional tools the model gets; see TaskTools. */
	readonly tools: TaskTools;
	/** Instructions sent as the system message; the runner's default when absent. */
	readonly system_prompt?: string;
	/**
	 * Fixture paths the change is expected to touch (relative, `/`-separated): a single-shot task's
	 * model gets their content and may rewrite only them. Empty or absent when the model must find them.
	 */
	readonly target_files?: readonly string[];
}

/** Maps a case to its task; may throw or reject (the cell becomes a harness error). */
export type ResolveTask = (testCase: Case) => AgentTask | Promise<AgentTask>;

const positiveOrNull = z.number().positive().nullable();

const taskSchema = z.object({
	prompt: z.string().min(1, { error: "expected the prompt, a non-empty string" }),
	fixtureDir: z.string().min(1, { error: "expected the fixture folder, a non-empty path" }),
	budget: z.object({
		turns: z.int().min(1, { error: "expected at least 1 turn" }),
		tokens: z.int().min(1).nullable(),
		timeout_s: z.number().positive({ error: "expected a positive number of seconds" }),
		cost_usd: positiveOrNull,
	}),
	tools: z.object({ shell: z.boolean() }),
	system_prompt: z.string().optional(),
	mounts: z.array(z.object({ from: z.string().min(1), to: z.string().min(1) })).optional(),
	env: z.record(z.string(), z.string()).optional(),
	target_files: z.array(z.string().min(1)).optional(),
});

/**
 * What every task runner's sandbox is made of, whatever drives the model: a fresh copy of the
 * task's base, with its runtime's mounts and variables. One place, so the agent loop, the
 * reference policies and external harnesses see the same workspace.
 */
export function taskSandboxParts(
	task: Pick<AgentTask, "fixtureDir" | "mounts" | "env">,
): Pick<CreateSandboxOptions, "fixture" | "mounts" | "env"> {
	return { fixture: task.fixtureDir, mounts: task.mounts ?? [], env: task.env ?? {} };
}

/**
 * The task a plugin resolved for a case, checked at this boundary: a plugin's return value is
 * validated like any other input. Returns the task, or one message naming every problem.
 */
export async function resolveCheckedTask(resolve: ResolveTask, testCase: Case): Promise<AgentTask | string> {
	const task = await resolve(testCase);
	const parsed = taskSchema.safeParse(task);
	if (parsed.success) return task;
	const problems = parsed.error.issues.map(
		(issue) => `${issue.path.map(String).join(".") || "task"}: ${issue.message}`,
	);
	return `the task resolved for case \`${testCase.id}\` is invalid:\n  ${problems.join("\n  ")}`;
}
