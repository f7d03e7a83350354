/**
 * The mutation verifier with a pytest suite (junit report) under bubblewrap: Debian's python3
 * with python3-pytest. Skipped, saying why, only where `python3 -m pytest --version` fails.
 */
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../../src/contract/index.js";
import { createMutationVerifier } from "../../src/graders/index.js";
import { finishedAttempt, grade, type TaskOnDisk, taskOnDisk } from "./task-on-disk.js";

const PYTEST = spawnSync("python3", ["-m", "pytest", "--version"], { encoding: "utf8" }).status === 0;

const MODULE = `def keep(days):
    return days < 30


def label(days):
    if days >= 365:
        return "old"
    return "recent"
`;

const STRONG = `from retention import keep, label


def test_keep_boundary():
    assert keep(29)
    assert not keep(30)


def test_label_boundary():
    assert label(364) == "recent"
    assert label(365) == "old"
`;

const WEAK = `from retention import keep


def test_keep():
    assert keep(1)
    assert not keep(30)
`;

describe.skipIf(!PYTEST)(
	"the mutation verifier with pytest (needs `python3 -m pytest`: apt-get install python3-pytest)",
	() => {
		let task: TaskOnDisk;
		beforeAll(async () => {
			task = await taskOnDisk({ "retention.py": MODULE }, {});
		});
		afterAll(async () => {
			await task.cleanup();
		});

		const gradeSuite = async (suite: string | null) => {
			const workspace = await task.workspace(suite === null ? {} : { "tests/test_retention.py": suite });
			const verifier = createMutationVerifier({
				taskDir: task.dir,
				verifier: {
					kind: "mutation",
					args: {
						module: "retention.py",
						module_sha256: sha256(MODULE),
						command: ["python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "--junitxml=report.xml"],
						report: "pytest",
						report_file: "report.xml",
						mutants: [
							{ id: "keep-inclusive", find: "days < 30", replace: "days <= 30" },
							{ id: "old-exclusive", find: "days >= 365", replace: "days > 365" },
							{ id: "old-label", find: 'return "old"', replace: 'return "recent"' },
						],
						equivalent: [{ id: "flipped", find: "days < 30", replace: "30 > days" }],
						pass_threshold: 1,
						env: { PYTHONDONTWRITEBYTECODE: "1" },
						timeout_s: 60,
					},
				},
				sandbox: { backend: "bubblewrap" },
			});
			return grade(verifier, finishedAttempt({ workspace }));
		};

		it.concurrent("scores a pytest suite that catches every mutant 1", async () => {
			const scores = await gradeSuite(STRONG);
			expect(scores.mutation).toMatchObject({ value: 1, value_label: "3/3" });
			expect(scores.passed?.value).toBe(1);
			const mutants = (scores.mutation?.extras as { mutants: Record<string, unknown> } | undefined)?.mutants;
			expect(mutants?.["old-label"]).toMatchObject({
				caught: true,
				failing: [{ name: "tests.test_retention.test_label_boundary" }],
			});
		});

		it.concurrent("scores a weak one partially (1/3)", async () => {
			const scores = await gradeSuite(WEAK);
			expect(scores.mutation?.value).toBeCloseTo(1 / 3, 12);
			expect(scores.mutation?.value_label).toBe("1/3");
			expect(scores.passed?.value).toBe(0);
		});

		it.concurrent("scores 0 when there is no suite: pytest collects no test", async () => {
			const scores = await gradeSuite(null);
			expect(scores.mutation?.value).toBe(0);
			expect(scores.mutation?.reasoning).toContain("the suite fails on the real module: no test passed");
		});
	},
);
