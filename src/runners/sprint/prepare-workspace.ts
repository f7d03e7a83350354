import { cp, rm } from "node:fs/promises";
import type { SprintMilestone } from "../../contract/index.js";
import { createSandbox } from "../../sandbox/index.js";
import type { SprintDriveRequest } from "./sprint-driver.js";
import { git } from "./sprint-git.js";
import { CI_TIMEOUT_MS } from "./work-attempt.js";

/**
 * Clones the source into the workspace (its git folder outside the work tree), cuts the branch off
 * the baseline, runs the setup (network on, trusted commands of the registry) and CI. The problem,
 * or the milestones' source: null when CI is green at the baseline.
 */
export async function prepareWorkspace(request: SprintDriveRequest): Promise<string | readonly SprintMilestone[]> {
	const { workspace, sprint, source } = request;
	// A run killed while preparing left a partial clone behind: preparing starts over.
	await rm(workspace.tree, { recursive: true, force: true });
	await rm(workspace.gitDir, { recursive: true, force: true });
	try {
		await git(null, [
			"clone",
			"-q",
			"--no-checkout",
			`--separate-git-dir=${workspace.gitDir}`,
			source.repo,
			workspace.tree,
		]);
		await git({ gitDir: workspace.gitDir, workTree: workspace.tree }, [
			"checkout",
			"-q",
			"-B",
			workspace.branch,
			source.baseline,
		]);
	} catch (error) {
		return `could not clone ${source.repo} at the baseline ${source.baseline}: ${error instanceof Error ? error.message : String(error)}`;
	}
	if (sprint.commands.setup.length > 0) {
		const sandbox = await createSandbox({
			...request.sandbox,
			fixture: workspace.tree,
			network: true,
			privateHome: true,
		});
		try {
			for (const argv of sprint.commands.setup) {
				const result = await sandbox.exec({ argv, timeout_ms: CI_TIMEOUT_MS }, { signal: request.signal });
				if (result.exit_code !== 0)
					return `the setup command \`${argv.join(" ")}\` failed (exit ${result.exit_code}): ${result.stderr.trim().split("\n").slice(-5).join(" / ")}`;
			}
			await cp(sandbox.workdir, workspace.tree, {
				recursive: true,
				force: true,
				filter: (path) => !path.endsWith("/.git"),
			});
		} finally {
			await sandbox.dispose();
		}
	}
	const sandbox = await createSandbox({ ...request.sandbox, fixture: workspace.tree, privateHome: true });
	try {
		const ci = await sandbox.exec({ argv: sprint.commands.ci, timeout_ms: CI_TIMEOUT_MS }, { signal: request.signal });
		if (ci.exit_code !== 0 || ci.timed_out)
			return `CI (${sprint.commands.ci.join(" ")}) is red at the baseline ${source.baseline} (exit ${ci.exit_code}${ci.timed_out ? ", timed out" : ""}): a broken workspace measures the workspace, not the model; fix the setup or the baseline\n${`${ci.stdout}\n${ci.stderr}`.trim().split("\n").slice(-10).join("\n")}`;
	} finally {
		await sandbox.dispose();
	}
	return request.milestones(await readPlan(request));
}

/** The plan file's text at the baseline, or null when the milestones are listed in the registry. */
export async function readPlan(request: SprintDriveRequest): Promise<string | null> {
	const path = request.sprint.plan_path;
	if (path === null) return null;
	return git({ gitDir: request.workspace.gitDir, workTree: request.workspace.tree }, [
		"show",
		`${request.source.baseline}:${path}`,
	]);
}
