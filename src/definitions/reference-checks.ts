import { statSync } from "node:fs";
import { join } from "node:path";
import type { InputIssue } from "../contract/index.js";
import { closestMatch, type DocumentPath, isRecord } from "../input/index.js";
import { BUILTIN_PANEL_ID } from "./judge-panel-schema.js";
import { matchFiles, resolvesOutside } from "./match-files.js";
import { isPluginPath, resolvePluginModule } from "./plugin-module.js";
import { rawEntries, rawIds } from "./raw-entries.js";
import type { YamlFile } from "./yaml-file.js";

/** What cross-reference checks know about the other files; null when that file could not be read. */
export interface ReferenceContext {
	/** The benchmarks folder, to resolve `cases` globs and `tasks` folders. */
	readonly dir: string;
	/** Folders outside `dir` that globs may reach (`--allow-path`). */
	readonly allowedPaths: readonly string[];
	/** Model id -> status (`active`/`retired`, or anything written), from models.yaml. */
	readonly models: ReadonlyMap<string, unknown> | null;
	/** Panel ids from judge_panels.yaml, or the built-in panel's id when the file is absent. */
	readonly panels: readonly string[] | null;
	/** True when judge_panels.yaml is absent and the built-in panel stands in. */
	readonly builtinPanel: boolean;
	/** The plugin ids a use case may name in `plugin:`; null when the caller does not check them. */
	readonly plugins: readonly string[] | null;
}

/** Problems and warnings found by cross-reference checks. */
export interface ReferenceFindings {
	/** References that do not resolve. */
	readonly issues: InputIssue[];
	/** References that resolve but deserve a look (a retired model in a fleet). */
	readonly warnings: InputIssue[];
}

/** Checks that every juror is a registry model and that the default panel exists. */
export function checkPanelReferences(file: YamlFile, context: ReferenceContext): ReferenceFindings {
	const findings: ReferenceFindings = { issues: [], warnings: [] };
	for (const { index, fields } of rawEntries(file, "panels"))
		if (Array.isArray(fields.jurors))
			fields.jurors.forEach((juror, jurorIndex) => {
				checkModel(file, ["panels", index, "jurors", jurorIndex], juror, context, findings, "juror");
			});
	const ids = rawIds(file, "panels") ?? [];
	const written = isRecord(file.data) ? file.data.default : undefined;
	const name = typeof written === "string" ? written : written === undefined ? "default" : null;
	if (name !== null && ids.length > 0 && !ids.includes(name))
		findings.issues.push(
			file.issueAt(written === undefined ? [] : ["default"], {
				message: `the default panel \`${name}\` is not among the panels (${list(ids)})`,
				fix:
					written === undefined
						? `add \`default: ${ids[0]}\` at the top of the file`
						: suggestion(name, ids, "set `default:` to one of the panel ids"),
			}),
		);
	return findings;
}

/** Checks fleets, incumbents, panels, case globs and task folders named by use cases. */
export function checkUseCaseReferences(file: YamlFile, context: ReferenceContext): ReferenceFindings {
	const findings: ReferenceFindings = { issues: [], warnings: [] };
	for (const { index, fields } of rawEntries(file, "use_cases")) {
		const at = (...rest: (string | number)[]): DocumentPath => ["use_cases", index, ...rest];
		const fleet = fields.fleet;
		if (Array.isArray(fleet)) {
			fleet.forEach((id, fleetIndex) => {
				if (fleet.indexOf(id) !== fleetIndex)
					findings.issues.push(
						file.issueAt(at("fleet", fleetIndex), {
							message: `model \`${String(id)}\` is listed twice`,
							fix: "list each model once",
						}),
					);
				else checkModel(file, at("fleet", fleetIndex), id, context, findings, "fleet");
			});
		}
		if (isRecord(fields.deployed))
			checkModel(file, at("deployed", "model"), fields.deployed.model, context, findings, "deployed");
		if (isRecord(fields.pairwise))
			for (const role of ["judge", "fallback"] as const)
				checkModel(file, at("pairwise", role), fields.pairwise[role], context, findings, "juror");
		if (typeof fields.plugin === "string" && context.plugins !== null && !context.plugins.includes(fields.plugin))
			findings.issues.push(...pluginIssues(file, at("plugin"), fields.plugin, context.plugins, context.dir));
		if (
			fields.rubric !== undefined &&
			typeof fields.plugin === "string" &&
			fields.plugin !== RUBRIC_PLUGIN &&
			context.plugins?.includes(fields.plugin) === true
		)
			findings.issues.push(
				file.issueAt(at("rubric"), {
					message: `\`rubric:\` is read only by \`plugin: ${RUBRIC_PLUGIN}\`; the \`${fields.plugin}\` plugin would ignore it`,
					fix: `set \`plugin: ${RUBRIC_PLUGIN}\` to grade with this rubric, or remove \`rubric:\``,
					at: "key",
				}),
			);
		if (
			typeof fields.judge_panel === "string" &&
			context.panels !== null &&
			!context.panels.includes(fields.judge_panel)
		)
			findings.issues.push(
				file.issueAt(at("judge_panel"), {
					message: context.builtinPanel
						? `unknown judge panel \`${fields.judge_panel}\`: judge_panels.yaml is absent, so only the built-in panel \`${BUILTIN_PANEL_ID}\` exists`
						: `unknown judge panel \`${fields.judge_panel}\`: judge_panels.yaml defines ${list(context.panels)}`,
					fix: suggestion(
						fields.judge_panel,
						context.panels,
						"add the panel to judge_panels.yaml, or name an existing one",
					),
				}),
			);
		if (typeof fields.cases === "string" && fields.cases !== "" && !fields.cases.startsWith("/"))
			findings.issues.push(...caseGlobIssues(file, at("cases"), fields.cases, context));
		if (typeof fields.tasks === "string" && fields.tasks !== "" && !fields.tasks.startsWith("/")) {
			const path = join(context.dir, fields.tasks);
			const outside = resolvesOutside(context.dir, fields.tasks, context.allowedPaths);
			if (outside !== null)
				findings.issues.push(
					file.issueAt(at("tasks"), {
						message: `the tasks folder \`${fields.tasks}\` resolves to ${outside}, outside the benchmarks folder`,
						fix: "keep the task pack inside the benchmarks folder, or name its folder with --allow-path DIR",
					}),
				);
			else if (statSync(path, { throwIfNoEntry: false })?.isDirectory() !== true)
				findings.issues.push(
					file.issueAt(at("tasks"), {
						message: `the tasks folder \`${fields.tasks}\` does not exist (relative to ${context.dir})`,
						fix: "create the folder with one sub-folder per task, or correct the path",
					}),
				);
		}
	}
	return findings;
}

/** The one built-in plugin that reads a use case's `rubric:` block. */
const RUBRIC_PLUGIN = "jury";

/** No file matched, or the glob reached outside the allowed folders or into a loop. */
function caseGlobIssues(file: YamlFile, path: DocumentPath, glob: string, context: ReferenceContext): InputIssue[] {
	const match = matchFiles(context.dir, glob, context.allowedPaths);
	const issues = match.refused.slice(0, MAX_REFUSED).map((refused) =>
		file.issueAt(path, {
			message:
				refused.reason === "outside"
					? `the glob \`${glob}\` reaches ${refused.path}, which resolves to ${refused.resolved}, outside the benchmarks folder${context.allowedPaths.length > 0 ? " and the allowed paths" : ""}`
					: `the glob \`${glob}\` reaches ${refused.path}, a symlink loop or a folder that links back to one it is in`,
			fix:
				refused.reason === "outside"
					? "keep case files inside the benchmarks folder (copy them in rather than linking them), or name their folder with --allow-path DIR"
					: "remove the looping symlink, or narrow the glob so that it does not reach it",
		}),
	);
	if (match.refused.length > MAX_REFUSED)
		issues.push(
			file.issueAt(path, {
				message: `the glob \`${glob}\` reaches ${match.refused.length - MAX_REFUSED} more paths it may not`,
				fix: "narrow the glob to the case files of this use case",
			}),
		);
	if (match.files.length === 0 && match.refused.length === 0)
		issues.push(
			file.issueAt(path, {
				message: `no file matches \`${glob}\` (relative to ${context.dir})`,
				fix: "add case files there, or correct the glob (e.g. `packs/<use-case>/*.yaml`)",
			}),
		);
	return issues;
}

/** A `plugin:` that is no built-in id: a module path that must exist inside the folder, or an installed package. */
function pluginIssues(
	file: YamlFile,
	path: DocumentPath,
	plugin: string,
	builtins: readonly string[],
	dir: string,
): InputIssue[] {
	const resolved = resolvePluginModule(dir, plugin);
	if (!("message" in resolved)) return [];
	if (isPluginPath(plugin)) return [file.issueAt(path, resolved)];
	return [
		file.issueAt(path, {
			message: `no built-in plugin \`${plugin}\`: the built-in plugins are ${list(builtins)}, and no installed package of that name resolves from ${dir}`,
			fix: suggestion(
				plugin,
				builtins,
				"use a built-in plugin, a module in the benchmarks folder such as `./plugins/my-plugin.mjs`, or an installed package (see docs/plugins.md)",
			),
		}),
	];
}

/** Refused paths reported one by one; past these, one issue says how many more. */
const MAX_REFUSED = 5;

type ReferenceRole = "juror" | "fleet" | "deployed";

function checkModel(
	file: YamlFile,
	path: DocumentPath,
	id: unknown,
	context: ReferenceContext,
	findings: ReferenceFindings,
	role: ReferenceRole,
): void {
	if (typeof id !== "string" || context.models === null) return;
	const status = context.models.get(id);
	if (!context.models.has(id)) {
		const known = [...context.models.keys()];
		findings.issues.push(
			file.issueAt(path, {
				message: `unknown model \`${id}\`: models.yaml has no model with this id`,
				fix: suggestion(id, known, `add the model to models.yaml, or use one it defines: ${list(known)}`),
			}),
		);
	} else if (status === "retired" && role !== "deployed") {
		findings.warnings.push(
			file.issueAt(path, {
				message: `model \`${id}\` is retired${role === "juror" ? ", yet it sits on this panel" : ", so it joins no new run"}`,
				fix:
					role === "juror"
						? "replace the juror with an active model (its results are then graded again)"
						: "remove it from the fleet, or set it back to `status: active`",
			}),
		);
	}
}

function suggestion(word: string, candidates: readonly string[], otherwise: string): string {
	const match = closestMatch(word, candidates);
	return match === null ? otherwise : `did you mean \`${match}\`?`;
}

function list(ids: readonly string[]): string {
	if (ids.length === 0) return "none";
	const shown = ids.slice(0, 8).map((id) => `\`${id}\``);
	return ids.length > 8 ? `${shown.join(", ")} and ${ids.length - 8} more` : shown.join(", ");
}
