import {
	BadInputError,
	type InputIssue,
	type ModelEntry,
	mountTargetProblem,
	type SandboxMount,
} from "../contract/index.js";
import { looksLikeSecret, mountSource } from "../definitions/index.js";
import { type Environment, resolveApiKey } from "../providers/index.js";
import { type CommandAccess, sandboxCanRead } from "../runners/index.js";

/** Variable names that say their value is a secret: such values are redacted too. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH/i;

/**
 * What a `command` entry's program (an external agent, a single-shot `command` model) may reach,
 * from its entry and the host environment: the variables its `env:` names that are set (one
 * that is not is left out; the attempt's provenance lists the names passed), and its
 * key (`api_key_env`, required once named); the network when `network: true`; the entry's
 * `mounts` with `${VAR}` expanded. Secrets, redacted from everything kept: the key, and every
 * passed value whose name or shape says it is one (`*_TOKEN`, `sk-…`). Throws BadInputError,
 * naming the entry and the field, for a missing key or `${VAR}`, or a mount that cannot be shown.
 */
export function commandAccess(entry: ModelEntry, env: Environment): CommandAccess {
	const passed = allowlisted(entry, env);
	const secrets = secretsAmong(passed);
	const key = resolveApiKey(entry, env, false);
	if (key !== null && entry.api_key_env !== null) {
		passed[entry.api_key_env] = key;
		secrets.push(key);
	}
	return { env: passed, secrets, network: entry.network === true, mounts: resolveMounts(entry, env) };
}

/** The variables of the host an entry's `env:` allowlist names that are set, by name. */
function allowlisted(entry: ModelEntry, env: Environment): Record<string, string> {
	const passed: Record<string, string> = {};
	for (const name of entry.env ?? []) {
		const value = env[name];
		if (value !== undefined) passed[name] = value;
	}
	return passed;
}

/** The values among passed variables whose name or shape says they are secrets. */
function secretsAmong(passed: Readonly<Record<string, string>>): string[] {
	return Object.entries(passed)
		.filter(([name, value]) => value !== "" && (SECRET_NAME.test(name) || looksLikeSecret(value)))
		.map(([, value]) => value);
}

/**
 * The values of the variables of `env` whose names say they are secrets (`…KEY`, `…TOKEN`,
 * `…SECRET`, `…PASSWORD`, `…CREDENTIAL…`, `…AUTH…`), e.g. a host's AWS_SECRET_ACCESS_KEY or
 * GITHUB_TOKEN: no program is given them, and a run redacts them all the same.
 */
export function secretNamedValues(env: Environment): string[] {
	return Object.entries(env)
		.filter(([name, value]) => value !== undefined && value !== "" && SECRET_NAME.test(name))
		.map(([, value]) => value as string);
}

/** The values an entry's `env:` allowlist would pass to its program that are secrets (see commandAccess). */
export function passedSecrets(entry: ModelEntry, env: Environment): string[] {
	return secretsAmong(allowlisted(entry, env));
}

function resolveMounts(entry: ModelEntry, env: Environment): SandboxMount[] {
	const issues: InputIssue[] = [];
	const issue = (index: number, field: "from" | "to", message: string, fix: string) =>
		issues.push({
			source: `model ${entry.id}`,
			line: null,
			column: null,
			path: `mounts[${index}].${field}`,
			message,
			fix,
		});
	const mounts = (entry.mounts ?? []).map((mount, index): SandboxMount => {
		const source = mountSource(mount.from, env, null);
		const from = "path" in source ? source.path : "absent" in source ? source.absent : mount.from;
		if ("missing" in source)
			issue(
				index,
				"from",
				`environment variable ${source.missing.join(", ")} is not set`,
				`export ${source.missing[0]}=<path>`,
			);
		else if ("absent" in source) issue(index, "from", `${from} does not exist`, "create it, or correct the path");
		else if (!sandboxCanRead(from))
			issue(
				index,
				"from",
				`${from} cannot be read by the sandbox's user (commands run as nobody when touchstone runs as root)`,
				`let others read it (chmod o+rX on it and every folder above it), or move it to such a folder`,
			);
		const problem = mountTargetProblem(mount.to);
		if (problem !== null) issue(index, "to", `the target ${problem}`, "choose a folder such as /opt/<name>");
		return { from, to: mount.to };
	});
	if (issues.length > 0)
		throw new BadInputError(`Model \`${entry.id}\`: its mounts cannot be shown in the sandbox.`, issues);
	return mounts;
}
