import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli, tempDir } from "./support/cli.js";

describe("touchstone CLI, spawned end to end", () => {
	it("prints help for the root and every command, exit 0", async () => {
		const root = await runCli(["--help"], { cwd: tempDir() });
		expect(root.code).toBe(0);
		for (const command of ["init", "validate", "list", "schema"]) expect(root.stdout).toContain(command);
		const validate = await runCli(["validate", "--help"], { cwd: tempDir() });
		expect(validate.code).toBe(0);
		expect(validate.stdout).toContain("--dir <dir>");
		expect(validate.stdout).toContain("--json");
	});

	it("refuses an unknown command or flag with exit 2", async () => {
		const unknown = await runCli(["frobnicate"], { cwd: tempDir() });
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("unknown command");
		const flag = await runCli(["list", "--nope"], { cwd: tempDir() });
		expect(flag.code).toBe(2);
		expect(flag.stderr).toContain("unknown option");
	});

	it("init scaffolds a folder that validates and lists, and refuses to overwrite it", async () => {
		const cwd = tempDir();
		const init = await runCli(["init"], { cwd });
		expect(init.code).toBe(0);
		expect(existsSync(join(cwd, "benchmarks", "models.yaml"))).toBe(true);
		expect(readFileSync(join(cwd, "benchmarks", "models.yaml"), "utf8")).toContain("yaml-language-server: $schema=");

		const validate = await runCli(["validate"], { cwd });
		expect(validate.stderr).toBe("");
		expect(validate.code).toBe(0);
		expect(validate.stdout).toContain("benchmarks is valid");

		const list = await runCli(["list", "--json"], { cwd });
		expect(list.code).toBe(0);
		const parsed = JSON.parse(list.stdout) as { models: { id: string }[]; use_cases: { id: string }[] };
		expect(parsed.models.length).toBeGreaterThan(0);
		expect(parsed.use_cases.length).toBeGreaterThan(0);

		const before = readFileSync(join(cwd, "benchmarks", "models.yaml"), "utf8");
		writeFileSync(join(cwd, "benchmarks", "models.yaml"), `${before}\n# my edit\n`);
		const again = await runCli(["init"], { cwd });
		expect(again.code).toBe(2);
		expect(again.stderr).toContain("nothing was written");
		expect(readFileSync(join(cwd, "benchmarks", "models.yaml"), "utf8")).toContain("# my edit");
	});

	it("validate lists every problem at once with file, line and column, exit 2, and writes nothing", async () => {
		const cwd = tempDir();
		await runCli(["init", "bench"], { cwd });
		writeFileSync(
			join(cwd, "bench", "models.yaml"),
			[
				"models:",
				"  - id: a",
				"    provider: openai-compatible",
				"    model: a",
				"    base_url: http://127.0.0.1:1/v1",
				"    rol: anchor",
				"  - id: a",
				"    provider: telepathy",
				"    model: b",
				"",
			].join("\n"),
		);
		const result = await runCli(["validate", "--dir", "bench"], { cwd });
		expect(result.code).toBe(2);
		expect(result.stdout).toBe("");
		expect(result.stderr).toMatch(/bench\/models\.yaml:6:5 models\[0\]/);
		expect(result.stderr).toContain("role");
		expect(result.stderr).toMatch(/bench\/models\.yaml:7:\d+ models\[1\]\.id/);
		expect(result.stderr).toMatch(/bench\/models\.yaml:8:\d+ models\[1\]\.provider/);
		expect(existsSync(join(cwd, "data"))).toBe(false);

		const json = await runCli(["validate", "--dir", "bench", "--json"], { cwd });
		expect(json.code).toBe(2);
		const parsed = JSON.parse(json.stdout) as { valid: boolean; issues: { line: number }[] };
		expect(parsed.valid).toBe(false);
		expect(parsed.issues.length).toBeGreaterThanOrEqual(3);
	});

	it("validates the bundled examples", async () => {
		const result = await runCli(["validate", "--dir", join(ROOT, "examples", "benchmarks")], { cwd: tempDir() });
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/use cases \(\d+ runnable, \d+ ideas\)/);
	});

	it("schema --out writes one JSON Schema per definition file", async () => {
		const cwd = tempDir();
		const result = await runCli(["schema", "--out", "schemas"], { cwd });
		expect(result.code).toBe(0);
		for (const name of ["models", "judge_panels", "use_cases"]) {
			const schema = JSON.parse(readFileSync(join(cwd, "schemas", `${name}.schema.json`), "utf8")) as object;
			expect(schema).toHaveProperty("properties");
		}
	});
});
