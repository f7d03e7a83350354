import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BadInputError } from "../contract/index.js";
import { loadTaskPack } from "./load-task-pack.js";
import { resolveTaskRuntime } from "./task-runtime.js";
import { useCaseSchema } from "./use-case-schema.js";

const TASK = `id: fix-add
mode: agentic
tier: standard
prompt: add() subtracts. Make it add.
snapshot:
  files: { src/math.js: "export const add = (a, b) => a - b;" }
verifier:
  kind: tests
  args:
    command: [npx, vitest, run]
    gold_files: [{ source: hidden/math.test.js, target: test/math.test.js }]
    report: vitest
    required_tests: [math > adds]
`;

function pack(runtime: string): string {
	const dir = mkdtempSync(join(tmpdir(), "touchstone-runtime-pack-"));
	for (const [path, content] of Object.entries({
		"fix-add/task.yaml": `${TASK}${runtime}`,
		"fix-add/hidden/math.test.js": "",
	})) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), content);
	}
	return dir;
}

describe("runtime:", () => {
	it("reads setup, mounts and env from task.yaml", () => {
		const dir = pack(`runtime:
  setup:
    - [npm, install, --no-save, --no-package-lock, vitest@4.1.12]
  mounts:
    - { from: "\${PYTHON_VENV}", to: /opt/venv }
  env: { PYTHONPATH: src, DEBUG: 1 }
`);
		const [entry] = loadTaskPack(dir).tasks;
		expect(entry?.task.runtime).toEqual({
			setup: [["npm", "install", "--no-save", "--no-package-lock", "vitest@4.1.12"]],
			// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal as written
			mounts: [{ from: "${PYTHON_VENV}", to: "/opt/venv" }],
			env: { PYTHONPATH: "src", DEBUG: "1" },
		});
	});

	it("locates every problem of a runtime block, with a fix", () => {
		const dir = pack(`runtime:
  setup: [npm install]
  mounts:
    - { from: /opt, to: /usr/local/venv }
    - { from: /opt, to: relative }
  env: { "not a name": x }
  network: true
`);
		let error: unknown;
		try {
			loadTaskPack(dir);
		} catch (caught) {
			error = caught;
		}
		expect(error).toBeInstanceOf(BadInputError);
		const issues = (error as BadInputError).issues.map((issue) => `${issue.line}:${issue.path}: ${issue.message}`);
		expect(issues).toEqual(
			expect.arrayContaining([
				expect.stringMatching(/^\d+:runtime\.setup\[0\]: /),
				expect.stringMatching(/^\d+:runtime\.mounts\[0\]\.to: the mount target "\/usr\/local\/venv" lies in \/usr/),
				expect.stringMatching(/^\d+:runtime\.mounts\[1\]\.to: the mount target "relative" is not an absolute path/),
				'19:runtime.env["not a name"]: `not a name` is not an environment variable name',
				expect.stringMatching(/^20:runtime\.network: unknown key `network`/),
			]),
		);
	});

	it("is allowed on a task use case only", () => {
		const base = { id: "x", status: "runnable", modality: { input: "text", output: "code" }, plugin: "tasks" };
		expect(useCaseSchema.safeParse({ ...base, tasks: "packs/x", runtime: { env: { A: "1" } } }).success).toBe(true);
		const cases = useCaseSchema.safeParse({ ...base, plugin: "cases", cases: "packs/x/*.yaml", runtime: {} });
		expect(cases.success).toBe(false);
		expect(cases.error?.issues[0]?.message).toMatch(/applies to task use cases only/);
	});
});

describe("resolveTaskRuntime", () => {
	const source = (dir: string) => join(dir, "fix-add", "task.yaml");

	it("lays the task's members over the use case's, member by member, and keys what was written", () => {
		const venv = mkdtempSync(join(tmpdir(), "touchstone-venv-"));
		const dir = pack("");
		const task = {
			runtime: { setup: null, mounts: null, env: { A: "task" } },
			source: source(dir),
			at: ["runtime"],
			dir,
		};
		const useCase = {
			// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal as written
			runtime: { setup: [["make"]], mounts: [{ from: "${VENV}", to: "/opt/venv" }], env: { A: "use case", B: "b" } },
			source: join(dir, "use_cases.yaml"),
			at: ["use_cases", 0, "runtime"],
			dir,
		};
		const resolved = resolveTaskRuntime(task, useCase, { VENV: venv });
		expect(resolved.issues).toEqual([]);
		expect(resolved.runtime?.declared).toEqual({
			setup: [["make"]],
			// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal as written
			mounts: [{ from: "${VENV}", to: "/opt/venv" }],
			env: { A: "task" },
		});
		expect(resolved.runtime?.mounts).toEqual([{ from: venv, to: "/opt/venv" }]);
		// The key is of what was written: another machine's venv path keeps the cells current.
		expect(resolveTaskRuntime(task, useCase, { VENV: dir }).runtime?.key).toBe(resolved.runtime?.key);
		expect(resolveTaskRuntime({ ...task, runtime: null }, null, {}).runtime).toBeNull();
	});

	it("refuses an unset variable or a missing source at the mount's line, and resolves relative ones", () => {
		const dir = pack(`runtime:
  mounts:
    - { from: "\${PYTHON_VENV}", to: /opt/venv }
    - { from: ../missing, to: /opt/missing }
    - { from: hidden, to: /opt/hidden }
`);
		const [entry] = loadTaskPack(dir).tasks;
		const declaration = {
			runtime: entry?.task.runtime ?? null,
			source: source(dir),
			at: ["runtime"],
			dir: join(dir, "fix-add"),
		};
		const resolved = resolveTaskRuntime(declaration, null, {});
		expect(resolved.issues.map((issue) => [issue.line, issue.path, issue.message])).toEqual([
			[16, "runtime.mounts[0].from", expect.stringMatching(/needs `PYTHON_VENV`, which is not set/)],
			[17, "runtime.mounts[1].from", expect.stringMatching(/missing \(from "\.\.\/missing"\) does not exist/)],
		]);
		expect(resolved.issues[0]?.fix).toMatch(/PYTHON_VENV=/);
		expect(resolved.runtime?.mounts).toEqual([{ from: join(dir, "fix-add", "hidden"), to: "/opt/hidden" }]);
	});
});
