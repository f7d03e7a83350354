import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BadInputError, type ModelEntry, type SandboxMount } from "../contract/index.js";
import { modelSchema } from "../definitions/index.js";
import { commandAccess } from "./command-access.js";

const root = mkdtempSync(join(tmpdir(), "touchstone-command-access-"));
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal reference an entry holds
const LIB_REFERENCE = "${AGENT_ROOT}/lib";

/** A command entry as models.yaml gives it, through the real schema. */
const agent: ModelEntry = modelSchema.parse({
	id: "cli/agent",
	provider: "command",
	command: ["agent"],
	api_key_env: "AGENT_API_KEY",
});

function issuesOf(run: () => unknown) {
	try {
		run();
	} catch (error) {
		if (error instanceof BadInputError) return error.issues.map((issue) => [issue.path, issue.message]);
		throw error;
	}
	throw new Error("expected a BadInputError");
}

describe("commandAccess", () => {
	it("passes only the allowlisted variables that are set and the key, and marks the secrets among them", () => {
		const access = commandAccess(
			{ ...agent, env: ["AGENT_REGION", "AGENT_AUTH_TOKEN", "AGENT_BASE", "NOT_SET"], network: true },
			{
				AGENT_API_KEY: "key-1",
				AGENT_REGION: "eu-west",
				AGENT_AUTH_TOKEN: "plain",
				AGENT_BASE: "sk-ant-shaped-like-a-key",
				AWS_SECRET_ACCESS_KEY: "never",
			},
		);
		expect(access.env).toEqual({
			AGENT_REGION: "eu-west",
			AGENT_AUTH_TOKEN: "plain",
			AGENT_BASE: "sk-ant-shaped-like-a-key",
			AGENT_API_KEY: "key-1",
		});
		// By its name (…TOKEN), by its shape (sk-…), and the key; not a region.
		expect([...access.secrets].sort()).toEqual(["key-1", "plain", "sk-ant-shaped-like-a-key"]);
		expect(access.network).toBe(true);
		expect(commandAccess({ ...agent, api_key_env: null }, { AGENT_API_KEY: "key-1" })).toEqual({
			env: {},
			secrets: [],
			network: false,
			mounts: [],
		});
	});

	it("refuses a named key that is not set, saying which variable to export", () => {
		expect(issuesOf(() => commandAccess(agent, {}))).toEqual([
			["api_key_env", "environment variable AGENT_API_KEY is not set"],
		]);
	});

	it("expands mounts and refuses, all at once, those that cannot be shown", () => {
		const lib = join(root, "lib");
		mkdirSync(lib, { mode: 0o755 });
		const entry = (mounts: readonly SandboxMount[]): ModelEntry => ({ ...agent, api_key_env: null, mounts });
		expect(commandAccess(entry([{ from: LIB_REFERENCE, to: "/opt/agent" }]), { AGENT_ROOT: root }).mounts).toEqual([
			{ from: lib, to: "/opt/agent" },
		]);
		const issues = issuesOf(() =>
			commandAccess(
				entry([
					{ from: LIB_REFERENCE, to: "/opt/a" },
					{ from: join(root, "missing"), to: "/usr/local/agent" },
				]),
				{},
			),
		);
		expect(issues).toEqual([
			["mounts[0].from", "environment variable AGENT_ROOT is not set"],
			["mounts[1].from", `${join(root, "missing")} does not exist`],
			["mounts[1].to", "the target lies in /usr, a system folder of the sandbox"],
		]);
	});

	it.runIf(process.getuid?.() === 0)("refuses, as root, a mount the sandbox's user (nobody) cannot read", () => {
		const closed = join(root, "closed");
		mkdirSync(closed, { mode: 0o700 });
		const issues = issuesOf(() =>
			commandAccess({ ...agent, api_key_env: null, mounts: [{ from: closed, to: "/opt/closed" }] }, {}),
		);
		expect(issues).toEqual([
			[
				"mounts[0].from",
				`${closed} cannot be read by the sandbox's user (commands run as nobody when touchstone runs as root)`,
			],
		]);
	});
});
