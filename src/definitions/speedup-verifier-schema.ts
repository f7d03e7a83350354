import { posix } from "node:path";
import { z } from "zod";
import {
	SPEEDUP_IMPORT_POLICIES,
	SPEEDUP_LANGUAGES,
	SPEEDUP_PROTOCOLS,
	type SpeedupVerifierArgs,
} from "../contract/index.js";
import { COUNT_BOUNDS } from "../input/index.js";
import { relativePath } from "./task-paths.js";

/** Seconds a whole speedup grading run may take when `timeout_s` is not given. */
export const DEFAULT_SPEEDUP_TIMEOUT_S = 120;
/** Measured pairs when `pairs` is not given (plus one discarded warm-up pair). */
export const DEFAULT_SPEEDUP_PAIRS = 7;
/** Most measured pairs a task may ask for: timing is bounded by `timeout_s`, the count by this. */
export const MAX_SPEEDUP_PAIRS = 101;
/** The #6696 ladder: 0 below 2x, 1/3 at 2x, 2/3 at 10x, 1 at 50x; the default `buckets`. */
export const DEFAULT_SPEEDUP_BUCKETS: readonly (readonly [number, number])[] = [
	[2, 1 / 3],
	[10, 2 / 3],
	[50, 1],
];
/** File names the grading folder reserves for the helper, the harness and its configuration. */
export const SPEEDUP_RESERVED_PREFIX = "_touchstone_";

const text = z.string().min(1);
const round12 = (value: number) => Math.round(value * 1e12);

const bucketSchema = z
	.tuple([z.number().positive().finite(), z.number().min(0).max(1)])
	.describe("[median ratio threshold, score]: a median at or above the threshold earns the score.");

/** The `speedup` verifier's args (protocol paired-v1), validated at load: located errors for every rule. */
export const speedupArgsSchema = z
	.strictObject({
		protocol: z.enum(SPEEDUP_PROTOCOLS).describe("The timing protocol; `paired-v1`."),
		language: z.enum(SPEEDUP_LANGUAGES).default("python").describe("The candidate's language; defaults to python."),
		python: text.default("python3").describe("Python only: the interpreter the sandbox runs; defaults to python3."),
		editable: z
			.array(relativePath("workdir", { file: true }))
			.min(1)
			.describe("The candidate files, relative to the workdir, read from what the model left."),
		allowed_imports: z
			.array(text)
			.optional()
			.describe("Modules the candidate may import; defaults to the language's default set."),
		pairs: z
			.number()
			.int()
			.min(1)
			.max(MAX_SPEEDUP_PAIRS)
			.default(DEFAULT_SPEEDUP_PAIRS)
			.describe(`Measured pairs after one warm-up pair; defaults to ${DEFAULT_SPEEDUP_PAIRS}.`),
		seed: z
			.number()
			.int()
			.min(0)
			.max(2 ** 31)
			.describe("The fixed task seed; pair i uses seed + i + 1."),
		fixture_version: text.describe("Names the frozen timing dataset the ratios describe."),
		timeout_s: z
			.number()
			.positive()
			.max(COUNT_BOUNDS.timeoutSeconds)
			.default(DEFAULT_SPEEDUP_TIMEOUT_S)
			.describe(`Most seconds the whole grading run may take; defaults to ${DEFAULT_SPEEDUP_TIMEOUT_S}.`),
		buckets: z
			.array(bucketSchema)
			.min(1)
			.default(DEFAULT_SPEEDUP_BUCKETS.map(([threshold, score]) => [threshold, score] as [number, number]))
			.describe("Score ladder by median speedup, thresholds increasing; defaults to 2x 1/3, 10x 2/3, 50x 1."),
		pass_threshold: z
			.number()
			.gt(0)
			.max(1)
			.default(1 / 3)
			.describe("Score at or above which the attempt passes (12 places); defaults to 1/3."),
		baseline: z
			.strictObject({
				path: relativePath("workdir", { file: true }).describe("Where the baseline lands in the grading folder."),
				source: text.describe("The frozen baseline's source, e.g. a YAML anchor shared with the seeded module."),
			})
			.describe("The trusted, frozen baseline implementation."),
		harness: text.describe("Trusted task code calling the injected benchmark(...) once."),
	})
	.superRefine((args, context) => {
		const issue = (path: (string | number)[], message: string, fix: string) =>
			context.addIssue({ code: "custom", path, message, params: { fix } });
		const policy = SPEEDUP_IMPORT_POLICIES[args.language];
		const files = [...args.editable.map((path, index) => ({ path, at: ["editable", index] }))];
		files.push({ path: args.baseline.path, at: ["baseline", "path"] });
		const seen = new Set<string>();
		for (const { path, at } of files) {
			if (!policy.extensions.some((extension) => path.endsWith(extension)))
				issue(
					at,
					`${path} is not a ${args.language} source file`,
					`name a file ending in ${policy.extensions.join(" or ")}`,
				);
			if (posix.basename(path).startsWith(SPEEDUP_RESERVED_PREFIX))
				issue(
					at,
					`${path}: names starting with ${SPEEDUP_RESERVED_PREFIX} are the helper's`,
					"rename the file without that prefix",
				);
			if (seen.has(path))
				issue(at, `${path} is named twice (editable files and the baseline)`, "give each file its own path");
			seen.add(path);
		}
		for (const [index, name] of (args.allowed_imports ?? []).entries()) {
			if (policy.never.includes(name))
				issue(
					["allowed_imports", index],
					`\`${name}\` cannot be allowed: it is a process or interpreter module, which would let a candidate escape the paired-v1 contract`,
					`remove \`${name}\`; a candidate may import only ${[...policy.default, ...policy.allowable].join(", ")}`,
				);
			else if (!policy.default.includes(name) && !policy.allowable.includes(name))
				issue(
					["allowed_imports", index],
					`\`${name}\` is not in the ${args.language} allowable set`,
					`allow only modules from ${[...policy.default, ...policy.allowable].join(", ")}`,
				);
		}
		for (let index = 1; index < args.buckets.length; index++) {
			const [previous, previousScore] = args.buckets[index - 1] as [number, number];
			const [threshold, score] = args.buckets[index] as [number, number];
			if (!(round12(threshold) > round12(previous)))
				issue(
					["buckets", index, 0],
					`bucket thresholds must increase: ${threshold} follows ${previous}`,
					"list the buckets from the lowest ratio to the highest",
				);
			if (round12(score) < round12(previousScore))
				issue(
					["buckets", index, 1],
					`a higher bucket may not score less: ${score} follows ${previousScore}`,
					"give each bucket at least the score of the one below it",
				);
		}
		const top = Math.max(...args.buckets.map(([, score]) => score));
		if (round12(args.pass_threshold) > round12(top))
			issue(
				["pass_threshold"],
				`no bucket reaches the pass threshold ${args.pass_threshold} (the highest scores ${top})`,
				"lower pass_threshold to a bucket's score, or raise a bucket's score",
			);
	})
	.transform(
		(args): SpeedupVerifierArgs => ({
			...args,
			allowed_imports: args.allowed_imports ?? [...SPEEDUP_IMPORT_POLICIES[args.language].default],
			buckets: args.buckets.map(([threshold, score]) => [threshold, score] as const),
		}),
	);
