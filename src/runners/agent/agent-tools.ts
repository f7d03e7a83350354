import { z } from "zod";
import type { TaskTools, ToolDefinition } from "../../contract/index.js";

/** The tools of the agent harness. `run_command` is offered only when the task allows a shell. */
export const AGENT_TOOL_NAMES = ["list_dir", "read_file", "write_file", "run_command", "done"] as const;
/** One of {@link AGENT_TOOL_NAMES}. */
export type AgentToolName = (typeof AGENT_TOOL_NAMES)[number];

const PATH_HELP = "Path relative to the working directory, with / separators.";

const LIST_DIR: ToolDefinition = {
	name: "list_dir",
	description:
		"List the entries of a folder of the working directory (not recursive): folders end with /, files show their size.",
	parameters: {
		type: "object",
		properties: { path: { type: "string", description: `${PATH_HELP} Default: the working directory itself.` } },
		additionalProperties: false,
	},
};

const READ_FILE: ToolDefinition = {
	name: "read_file",
	description: "Read a text file of the working directory. Long files are cut; read on with start_line (and end_line).",
	parameters: {
		type: "object",
		properties: {
			path: { type: "string", description: PATH_HELP },
			start_line: { type: "integer", minimum: 1, description: "First line to read, from 1. Default 1." },
			end_line: { type: "integer", minimum: 1, description: "Last line to read, inclusive. Default: the end." },
		},
		required: ["path"],
		additionalProperties: false,
	},
};

const WRITE_FILE: ToolDefinition = {
	name: "write_file",
	description:
		"Write a whole file of the working directory, replacing it if it exists and creating missing folders. Give the complete new content.",
	parameters: {
		type: "object",
		properties: {
			path: { type: "string", description: PATH_HELP },
			content: { type: "string", description: "The file's complete new text." },
		},
		required: ["path", "content"],
		additionalProperties: false,
	},
};

const RUN_COMMAND: ToolDefinition = {
	name: "run_command",
	description:
		"Run a shell command (/bin/sh -c) in the working directory, without network access, and get its exit code, stdout and stderr. Long output is cut.",
	parameters: {
		type: "object",
		properties: { command: { type: "string", description: "The command line, e.g. `npm test`." } },
		required: ["command"],
		additionalProperties: false,
	},
};

const DONE: ToolDefinition = {
	name: "done",
	description: "Finish the task. Call it once your changes are complete, with a short summary of what you did.",
	parameters: {
		type: "object",
		properties: { summary: { type: "string", description: "What you changed and why, for the reviewer." } },
		required: ["summary"],
		additionalProperties: false,
	},
};

const WITHOUT_SHELL: readonly ToolDefinition[] = Object.freeze([LIST_DIR, READ_FILE, WRITE_FILE, DONE]);
const WITH_SHELL: readonly ToolDefinition[] = Object.freeze([LIST_DIR, READ_FILE, WRITE_FILE, RUN_COMMAND, DONE]);

/** The tools offered to the model for a task: the same frozen list every turn, built once. */
export function agentToolDefinitions(tools: TaskTools): readonly ToolDefinition[] {
	return tools.shell ? WITH_SHELL : WITHOUT_SHELL;
}

const text = (what: string) =>
	z.string({
		error: (issue) =>
			issue.input === undefined ? `is missing: give ${what}` : `must be a string: ${what}, found ${typeof issue.input}`,
	});
const line = z.int({ error: "must be a whole number >= 1" }).min(1, { error: "must be a whole number >= 1" });

/** The arguments each tool accepts, checked before the tool runs (the model's output is input). */
export const TOOL_ARGUMENTS = {
	list_dir: z.object({ path: text("a folder path relative to the working directory").optional() }),
	read_file: z
		.object({
			path: text("a file path relative to the working directory").min(1, { error: "must not be empty" }),
			start_line: line.optional(),
			end_line: line.optional(),
		})
		.refine((value) => (value.end_line ?? Number.POSITIVE_INFINITY) >= (value.start_line ?? 1), {
			error: "end_line must not be before start_line",
		}),
	write_file: z.object({
		path: text("a file path relative to the working directory").min(1, { error: "must not be empty" }),
		content: text("the file's complete text"),
	}),
	run_command: z.object({
		command: text("the command line").min(1, { error: "must not be empty" }),
	}),
	done: z.object({ summary: text("a short summary of what you did") }),
} satisfies Record<AgentToolName, z.ZodType>;

/** Parsed arguments of each tool. */
export type ToolArguments = { [name in AgentToolName]: z.output<(typeof TOOL_ARGUMENTS)[name]> };

/** One line naming every problem with a call's arguments, written for the model. */
export function describeArgumentIssues(tool: string, error: z.ZodError): string {
	const problems = error.issues.map((issue) => {
		const key = issue.path.map(String).join(".");
		return key === "" ? issue.message : `argument \`${key}\` ${issue.message}`;
	});
	return `invalid arguments for ${tool}: ${problems.join("; ")}`;
}
