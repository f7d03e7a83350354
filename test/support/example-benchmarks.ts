import { cpSync } from "node:fs";
import { basename, join } from "node:path";
import { loadTaskPack } from "../../src/definitions/index.js";
import { materializeFixture } from "../../src/sandbox/index.js";
import { ROOT, tempDir } from "./cli.js";

/**
 * A copy of examples/benchmarks in a fresh folder, its code-fix fixtures materialized from their
 * seeded task.yaml files, as the demo does; the checkout's own (gitignored) fixtures are never touched.
 */
export async function copyExampleBenchmarks(prefix: string): Promise<{ root: string; benchmarks: string }> {
	const root = tempDir(prefix);
	const benchmarks = join(root, "benchmarks");
	cpSync(join(ROOT, "examples", "benchmarks"), benchmarks, {
		recursive: true,
		filter: (source) => basename(source) !== "fixture",
	});
	for (const { dir, task } of loadTaskPack(join(benchmarks, "packs", "code-fix")).tasks)
		await materializeFixture(dir, task, { repo: null });
	return { root, benchmarks };
}
