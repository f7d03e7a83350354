import type { SpeedupVerifier } from "../../src/contract/index.js";
import { verifierSchema } from "../../src/definitions/index.js";
import { createSpeedupVerifier, type VerifierSandboxOptions } from "../../src/graders/index.js";

/* A toy paired-v1 task for the speedup verifier's tests: counts of each value, with a quadratic
 * baseline (a Python loop over the list per element) and a linear algorithm hundreds of times
 * faster at 1,200 elements; each baseline call takes tens of milliseconds, long enough that the
 * scheduler's slices of a loaded two-core machine even out and a copy of the baseline stays near 1x. */

/** The frozen baseline and the seeded module: quadratic. */
export const QUADRATIC = `def counts(xs):
    out = {}
    for x in xs:
        n = 0
        for y in xs:
            if y == x:
                n += 1
        out[x] = n
    return out
`;

/** The algorithmic candidate: one pass. */
export const LINEAR = `import collections


def counts(xs):
    return dict(collections.Counter(xs))
`;

/** A fast candidate that is wrong on duplicates. */
export const WRONG_FAST = `def counts(xs):
    return {x: 1 for x in xs}
`;

/** The harness: a fixed-seed builder of 1,200 values and independent oracle cases. */
export function harness(options: { pure?: boolean; extra?: string } = {}): string {
	return `def build(seed):
    values = []
    state = seed
    for _ in range(1200):
        state = (state * 1103515245 + 12345) % 2147483648
        values.append(state % 97)
    return (values,)
${options.extra ?? ""}
benchmark(candidate_path="mod.py", baseline_path="_base.py", function="counts", make_input=build,
          oracle_cases=[(([],), {}), (([1, 1, 2],), {1: 2, 2: 1}), (([3, 2, 3, 3],), {3: 3, 2: 1})],
          require_pure_inputs=${options.pure === true ? "True" : "False"})
`;
}

/** The task's verifier block, parsed as task.yaml's would be (defaults filled in). */
export function speedupBlock(args: Record<string, unknown> = {}): SpeedupVerifier {
	const verifier = verifierSchema.parse({
		kind: "speedup",
		args: {
			protocol: "paired-v1",
			editable: ["mod.py"],
			seed: 6696,
			fixture_version: "toy-counts-v1",
			timeout_s: 60,
			baseline: { path: "_base.py", source: QUADRATIC },
			harness: harness(),
			...args,
		},
	});
	if (verifier.kind !== "speedup") throw new Error("expected a speedup verifier");
	return verifier;
}

/** The speedup verifier over `taskDir` under bubblewrap. */
export function speedupVerifier(
	taskDir: string,
	args: Record<string, unknown> = {},
	sandbox: VerifierSandboxOptions = { backend: "bubblewrap" },
) {
	return createSpeedupVerifier({ taskDir, sandbox, verifier: speedupBlock(args) });
}
