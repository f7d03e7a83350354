import { describe, expect, it } from "vitest";
import { kindOfWireError, wireErrorOf, wireProviderError } from "./openai-wire-error.js";

const CONTEXT = { providerId: "openai-compatible:m", apiKeyEnv: "MY_KEY", model: "m-1", secrets: ["sk-secret"] };

describe("wireErrorOf", () => {
	it("reads the usual shapes of an error object, and nothing else", () => {
		expect(wireErrorOf({ error: { message: "bad", type: "invalid_request_error", param: "x", code: null } })).toEqual({
			message: "bad",
			status: null,
			labels: ["invalid_request_error"],
			param: "x",
		});
		// LiteLLM: the status as a string code, "None" for a missing param.
		expect(wireErrorOf({ error: { message: "no", type: "auth_error", param: "None", code: "401" } })).toMatchObject({
			status: 401,
			labels: ["auth_error"],
			param: null,
		});
		expect(wireErrorOf({ status: 429, error: { message: "slow down" } })).toMatchObject({ status: 429 });
		expect(wireErrorOf({ error: "model 'x' not found" })).toMatchObject({ message: "model 'x' not found" });
		expect(wireErrorOf({ object: "error", message: "m", type: "BadRequestError", code: 400 })).toMatchObject({
			status: 400,
			labels: ["BadRequestError"],
		});
		expect(wireErrorOf({ detail: [{ loc: ["body", "messages", 0, "role"], msg: "field required" }] })).toMatchObject({
			message: "field required",
			param: "messages.0.role",
		});
		for (const value of [null, "text", [], { choices: [] }, { error: null }, { detail: "x", choices: [] }])
			expect(wireErrorOf(value), JSON.stringify(value)).toBeNull();
	});
});

describe("kindOfWireError", () => {
	const kind = (value: unknown) => {
		const error = wireErrorOf(value);
		if (error === null) throw new Error(`not an error: ${JSON.stringify(value)}`);
		return kindOfWireError(error);
	};

	it("follows the status the object names", () => {
		expect(kind({ error: { message: "x", code: 401 } })).toBe("auth");
		expect(kind({ error: { message: "x", status: 429 } })).toBe("rate-limit");
		expect(kind({ error: { message: "x", code: 400, type: "rate_limit_exceeded" } })).toBe("bad-request");
		expect(kind({ error: { message: "x", code: "500" } })).toBe("server");
	});

	it("reads the type and code strings when no status is named, a key problem first", () => {
		expect(kind({ error: { message: "x", type: "authentication_error" } })).toBe("auth");
		expect(kind({ error: { message: "x", type: "invalid_request_error", code: "invalid_api_key" } })).toBe("auth");
		expect(kind({ error: { message: "x", type: "permission_error" } })).toBe("auth");
		expect(kind({ error: { message: "x", code: "rate_limit_exceeded" } })).toBe("rate-limit");
		expect(kind({ error: { message: "x", type: "invalid_request_error" } })).toBe("bad-request");
		expect(kind({ error: { message: "x", code: "model_not_found" } })).toBe("bad-request");
		expect(kind({ error: { message: "x", type: "overloaded_error" } })).toBe("server");
	});

	it("falls back to the message, then to a retryable server error", () => {
		expect(kind({ error: "Unauthorized" })).toBe("auth");
		expect(kind({ error: { message: "Rate limit reached for requests" } })).toBe("rate-limit");
		expect(kind({ error: { message: "upstream went away" } })).toBe("server");
	});
});

describe("wireProviderError", () => {
	it("names the key's variable for a refused key, never the key", () => {
		const error = wireProviderError(
			CONTEXT,
			{ message: "Incorrect API key provided: sk-secret", status: 401, labels: [], param: null },
			{ httpStatus: null, inStream: true },
			null,
		);
		expect(error).toMatchObject({ kind: "auth", retryable: false, status: 401 });
		expect(error.message).toContain("error in the stream (401)");
		expect(error.message).toContain("MY_KEY");
		expect(error.message).not.toContain("sk-secret");
		const keyless = wireProviderError(
			{ ...CONTEXT, apiKeyEnv: null },
			{ message: "no key", status: null, labels: ["authentication_error"], param: null },
			{ httpStatus: null, inStream: false },
			null,
		);
		expect(keyless.message).toMatch(
			/error in the reply \(authentication_error\): no key; no API key was sent.*api_key_env/,
		);
	});

	it("names the refused field, with the stream fix when the field is about streaming", () => {
		const field = wireProviderError(
			CONTEXT,
			{
				message: "Unrecognized request argument",
				status: 400,
				labels: ["invalid_request_error"],
				param: "stream_options",
			},
			{ httpStatus: 400 },
			null,
		);
		expect(field).toMatchObject({ kind: "bad-request", retryable: false, status: 400 });
		expect(field.message).toContain("HTTP 400 (invalid_request_error)");
		expect(field.message).toContain("field `stream_options`");
		expect(field.message).toContain("options.stream: false");
		const model = wireProviderError(
			CONTEXT,
			{ message: "The model does not exist", status: null, labels: ["model_not_found"], param: null },
			{ httpStatus: 404 },
			null,
		);
		expect(model.message).toContain('check the entry\'s `model` ("m-1")');
	});

	it("keeps the status of a non-2xx response over what its body names, and passes Retry-After on", () => {
		const error = wireProviderError(
			CONTEXT,
			{ message: "busy", status: 400, labels: [], param: null },
			{ httpStatus: 503 },
			2000,
		);
		expect(error).toMatchObject({ kind: "server", retryable: true, status: 503, retry_after_ms: 2000 });
	});
});
