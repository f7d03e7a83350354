import { describe, expect, it } from "vitest";
import { type Attempt, UNKNOWN_TELEMETRY } from "../contract/index.js";
import { knownSecrets } from "./known-secrets.js";
import { type RedactionCount, SecretRedactor } from "./secret-redactor.js";

const KEY = "sk-test-0123456789";
const QUOTED = 'pa"ss\\word-42';

function attempt(overrides: Partial<Attempt>): Attempt {
	return {
		final: null,
		trace: [],
		telemetry: UNKNOWN_TELEMETRY,
		status: "completed",
		error: null,
		runner_provenance: { runner: "r", runner_version: "1", details: {} },
		diff: null,
		raw: null,
		...overrides,
	};
}

describe("SecretRedactor", () => {
	it("replaces and counts every occurrence in every stored part of an attempt, JSON-escaped ones included", () => {
		const redactor = new SecretRedactor([KEY, QUOTED]);
		const counted: RedactionCount = { count: 0 };
		const dispose = async () => {};
		const redacted = redactor.attempt(
			attempt({
				final: `key ${KEY} and ${KEY}`,
				trace: [
					{
						kind: "message",
						content: QUOTED,
						tool: null,
						arguments: { [KEY]: 1 },
						is_error: false,
						tokens: null,
						at_ms: null,
					},
				],
				error: `failed with ${QUOTED}`,
				diff: `+${KEY}\n`,
				raw: { id: `id-${KEY}` },
				workspace: { path: "/w", fixture: "/f", dispose },
			}),
			counted,
		);
		expect(redacted.final).toBe("key <redacted> and <redacted>");
		expect(redacted.trace[0]?.content).toBe("<redacted>");
		expect(redacted.trace[0]?.arguments).toEqual({ "<redacted>": 1 });
		expect(redacted.error).toBe("failed with <redacted>");
		expect(redacted.diff).toBe("+<redacted>\n");
		expect(redacted.raw).toEqual({ id: "id-<redacted>" });
		expect(redacted.workspace?.dispose).toBe(dispose);
		expect(counted.count).toBe(7);
	});

	it("returns what holds no secret as it is, and leaves secrets too short to tell from words alone", () => {
		const redactor = new SecretRedactor([KEY, "EMPTY", ""]);
		expect(redactor.size).toBe(1);
		const clean = attempt({ final: "EMPTY reply\\n", trace: [] });
		const counted = { count: 0 };
		expect(redactor.attempt(clean, counted)).toBe(clean);
		// A JSON escape next to text that reads like the secret is not one.
		const near = new SecretRedactor(["n12345678"]);
		expect(near.json({ text: "\n12345678" }, counted)).toEqual({ text: "\n12345678" });
		expect(counted.count).toBe(0);
	});
});

describe("knownSecrets", () => {
	it("collects every entry's key and header values, the secrets a command entry passes, and the rate token", () => {
		const base = {
			provider: "openai-compatible",
			model: "m",
			display_name: "m",
			role: "candidate",
			status: "active",
			tags: { family: null, weights: null, tier: null },
			price: null,
			base_url: null,
			command: null,
		} as const;
		const secrets = knownSecrets(
			[
				{ ...base, id: "a", api_key_env: "A_KEY", options: { headers_env: { "x-team": "TEAM_HEADER" } } },
				{ ...base, id: "b", provider: "command", api_key_env: null, options: {}, env: ["B_TOKEN", "B_REGION"] },
				{ ...base, id: "c", api_key_env: "UNSET_KEY", options: {} },
			],
			{
				A_KEY: "a-key",
				TEAM_HEADER: "team-value",
				B_TOKEN: "b-token",
				B_REGION: "eu-west",
				TOUCHSTONE_RATE_TOKEN: "rate",
				GITHUB_TOKEN: "not named by any entry",
				HOME: "/home/not-a-secret",
			},
		);
		// GITHUB_TOKEN is named by no entry, but its name says it is a secret.
		expect(secrets.sort()).toEqual(["a-key", "b-token", "not named by any entry", "rate", "team-value"]);
	});
});
