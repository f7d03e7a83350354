import type { z } from "zod";
import {
	BadInputError,
	type CaseData,
	type Grader,
	type InputIssue,
	type JsonObject,
	type PluginContext,
	type Runner,
	type Score,
	TouchstoneError,
	type UseCasePlugin,
} from "../../contract/index.js";
import { boundedCall, thrownMessage } from "./bounded-call.js";
import {
	caseSourceSchema,
	graderSchema,
	problemsOf,
	runnerSchema,
	scoreSchema,
	userPluginSchema,
} from "./user-plugin-schemas.js";
import { DEFAULT_RUN_TIMEOUT_MS, type MeasureCalls, wrapUserRunner } from "./wrap-user-runner.js";

/** A grade() call's bound when the plugin declares none. */
export const DEFAULT_GRADE_TIMEOUT_MS = 30_000;
/** A loadCases() call's bound when the plugin declares none. */
export const DEFAULT_LOAD_CASES_TIMEOUT_MS = 60_000;

/** The module a user plugin was imported from, as the host identifies it. */
export interface UserPluginModule {
	/** The `plugin:` value of use_cases.yaml; the wrapped plugin's id, so every error names it. */
	readonly reference: string;
	/** sha256 of the imported file (a package's resolved entry). */
	readonly sha256: string;
	/** A package's package.json version; null for a file in the benchmarks folder. */
	readonly packageVersion: string | null;
	/** Places a load-time problem on the `plugin:` line of use_cases.yaml. */
	readonly locate: (text: { readonly message: string; readonly fix: string }) => InputIssue;
}

const SHAPE_FIX = "give the module's default export the plugin shape of docs/plugins.md";

/**
 * Checks a user module's default export and wraps it as the host wraps its own plugins: what it
 * returns is validated, a throw or a wrong shape while loading is a BadInputError on the `plugin:`
 * line naming the module and the field, loadCases() and grade() are bounded in time, and a grade()
 * that throws, hangs or returns a malformed score is a TouchstoneError, which the host records as a
 * grader error on that cell. The plugin's version and the module's hash enter every cell key
 * through the grader's config, and the harness key through its runner's, when it brings one (see
 * wrapUserRunner; `measure` is how the host turns that runner's model calls into telemetry).
 */
export function wrapUserPlugin(exported: unknown, module: UserPluginModule, measure: MeasureCalls): UseCasePlugin {
	const plugin = check(module, "export default", userPluginSchema, exported, SHAPE_FIX);
	const declared = exported as UseCasePlugin;
	const loadMs = plugin.loadCasesTimeoutMs ?? DEFAULT_LOAD_CASES_TIMEOUT_MS;
	const identity: JsonObject = {
		id: plugin.id,
		version: plugin.version,
		sha256: module.sha256,
		package_version: module.packageVersion,
	};
	// The host's providers stay with the host: the plugin's runner gets its model's, metered, in run().
	const given = (context: PluginContext): PluginContext => {
		const { providerFor: _kept, ...rest } = context;
		return rest;
	};
	const wrapped: UseCasePlugin = {
		specificationVersion: "v1",
		id: module.reference,
		version: plugin.version,
		defaultHeadline: plugin.defaultHeadline,
		usesJury: plugin.usesJury === true,
		createCaseSource(context: PluginContext) {
			// Methods are called on the object the plugin returned (its `this`), once its shape is checked.
			const source = attempt(module, "createCaseSource()", () => declared.createCaseSource(given(context)));
			check(module, "createCaseSource()", caseSourceSchema, source, SHAPE_FIX);
			return {
				specificationVersion: "v1",
				id: source.id,
				async loadCases({ signal }): Promise<readonly CaseData[]> {
					let cases: unknown;
					try {
						cases = await boundedCall("it", loadMs, signal, (bounded) => source.loadCases({ signal: bounded }));
					} catch (error) {
						if (signal.aborted) throw error;
						throw located(
							module,
							`loadCases() failed: ${thrownMessage(error)}`,
							"fix the plugin's loadCases() (or the files it reads)",
						);
					}
					if (!Array.isArray(cases)) throw located(module, "loadCases() returned no array of cases", SHAPE_FIX);
					return cases as CaseData[];
				},
			};
		},
		createGrader(context: PluginContext): Grader {
			const grader = attempt(module, "createGrader()", () => declared.createGrader(given(context)));
			check(module, "createGrader()", graderSchema, grader, SHAPE_FIX);
			const gradeMs = plugin.gradeTimeoutMs ?? DEFAULT_GRADE_TIMEOUT_MS;
			const version = `${grader.id}@${grader.version}`;
			return {
				specificationVersion: "v1",
				id: grader.id,
				version: grader.version,
				config: { plugin: identity, grader: grader.config },
				...(grader.headline === undefined ? {} : { headline: grader.headline }),
				async grade(input, { signal }): Promise<readonly Score[]> {
					let returned: unknown;
					try {
						returned = await boundedCall(`grade() of plugin ${module.reference}`, gradeMs, signal, (bounded) =>
							grader.grade(input, { signal: bounded }),
						);
					} catch (error) {
						if (error instanceof TouchstoneError && error.code === "plugin-timeout") throw error;
						throw new TouchstoneError(
							"plugin-grader",
							`grade() of plugin ${module.reference} threw: ${thrownMessage(error)}`,
						);
					}
					const parsed = scoreSchema.array().safeParse(returned);
					if (!parsed.success)
						throw new TouchstoneError(
							"plugin-score",
							`grade() of plugin ${module.reference} returned malformed scores: ${problemsOf("scores", parsed.error)
								.map((problem) => `${problem.path}: ${problem.message}`)
								.join("; ")}`,
						);
					return parsed.data.map(({ grader_version, ...score }) => ({
						...score,
						grader_version: grader_version ?? version,
					}));
				},
			};
		},
	};
	if (plugin.createRunner === undefined) return wrapped;
	return {
		...wrapped,
		createRunner(context: PluginContext): Runner {
			const runner = attempt(module, "createRunner()", () => declared.createRunner?.(given(context)));
			check(module, "createRunner()", runnerSchema, runner, SHAPE_FIX);
			return wrapUserRunner(runner as Parameters<typeof wrapUserRunner>[0], {
				reference: module.reference,
				identity,
				runMs: plugin.runTimeoutMs ?? DEFAULT_RUN_TIMEOUT_MS,
				providerFor: context.providerFor,
				measure,
			});
		},
	};
}

/** The parsed value, or a BadInputError with one located issue per wrong field. */
function check<Schema extends z.ZodType>(
	module: UserPluginModule,
	prefix: string,
	schema: Schema,
	value: unknown,
	fix: string,
): z.output<Schema> {
	// A getter that throws is the plugin's mistake too, not the host's.
	const parsed = attempt(module, `reading ${prefix}`, () => schema.safeParse(value));
	if (parsed.success) return parsed.data;
	throw new BadInputError(
		`The plugin module ${module.reference} has the wrong shape`,
		problemsOf(prefix, parsed.error).map((problem) =>
			module.locate({ message: `plugin module \`${module.reference}\`: ${problem.path}: ${problem.message}`, fix }),
		),
	);
}

/** Calls a plugin's factory; a throw is a BadInputError on the `plugin:` line with the module's message. */
function attempt<T>(module: UserPluginModule, what: string, call: () => T): T {
	try {
		return call();
	} catch (error) {
		if (error instanceof BadInputError) throw error;
		throw located(
			module,
			`${what} threw: ${thrownMessage(error)}`,
			"fix the plugin (or the `grading:` block it reads)",
		);
	}
}

function located(module: UserPluginModule, message: string, fix: string): BadInputError {
	const text = `plugin module \`${module.reference}\`: ${message}`;
	return new BadInputError(text, [module.locate({ message: text, fix })]);
}
