import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox, ToolCall } from "../../contract/index.js";
import { createSandbox } from "../../sandbox/index.js";
import { runAgentTool, type ToolContext } from "./run-agent-tool.js";

let sandbox: Sandbox;

beforeAll(async () => {
	// What is checked here (rendering, limits, errors) does not depend on isolation.
	sandbox = await createSandbox({ backend: "process", allowUnisolated: true });
	await sandbox.write("src/a.ts", "export const a = 1;\n");
	await sandbox.write("README.md", "hello\n");
});
afterAll(() => sandbox.dispose());

const call = (name: string, args: ToolCall["arguments"]): ToolCall => ({ id: "c", name, arguments: args });

function context(overrides: Partial<ToolContext> = {}): ToolContext {
	return {
		sandbox,
		shell: true,
		outputChars: 2000,
		timeLeftMs: () => 60_000,
		signal: new AbortController().signal,
		...overrides,
	};
}

describe("agent tools", () => {
	it("lists a folder: folders end with /, files show their size", async () => {
		const outcome = await runAgentTool(call("list_dir", {}), context());
		expect(outcome).toMatchObject({ content: "README.md (6 bytes)\nsrc/", is_error: false });
		expect((await runAgentTool(call("list_dir", { path: "src" }), context())).content).toBe("src/a.ts (20 bytes)");
	});

	it("says a missing file is missing, as a path error", async () => {
		const outcome = await runAgentTool(call("read_file", { path: "nope.ts" }), context());
		expect(outcome).toMatchObject({ is_error: true, error_kind: "path", content: "nope.ts does not exist" });
	});

	it("runs a command and renders its exit code and both streams", async () => {
		const outcome = await runAgentTool(call("run_command", { command: "echo out; echo err >&2" }), context());
		expect(outcome).toMatchObject({
			is_error: false,
			content: "exit code 0\n--- stdout ---\nout\n\n--- stderr ---\nerr\n",
		});
	});

	it("returns a failing command as a tool error, and cuts long output saying so", async () => {
		const outcome = await runAgentTool(
			call("run_command", { command: "seq 1 5000; exit 2" }),
			context({ outputChars: 200 }),
		);
		expect(outcome.is_error).toBe(true);
		expect(outcome.error_kind).toBe("command");
		expect(outcome.content).toMatch(/^exit code 2\n--- stdout ---\n1\n2\n/);
		expect(outcome.content).toMatch(/characters cut: 23,893 in all/);
		expect(outcome.content).toMatch(/4999\n5000\n$/);
	});

	it("bounds a command by the wall time left, and says it was killed", async () => {
		const started = performance.now();
		const outcome = await runAgentTool(call("run_command", { command: "sleep 5" }), context({ timeLeftMs: () => 300 }));
		expect(performance.now() - started).toBeLessThan(3000);
		expect(outcome).toMatchObject({ is_error: true, error_kind: "command" });
		expect(outcome.content).toMatch(/^timed out after 0.3 s and was killed/);
	});
});
