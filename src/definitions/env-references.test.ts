// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these tests are about literal `${VAR}` references
import { describe, expect, it } from "vitest";
import { envReferences, expandEnvReferences, looksLikeSecret, urlProblem } from "./env-references.js";

describe("looksLikeSecret", () => {
	it("flags values shaped like provider keys and accepts variable names", () => {
		expect(looksLikeSecret("sk-proj-abc123")).toBe(true);
		expect(looksLikeSecret("sk-ant-api03-xyz")).toBe(true);
		expect(looksLikeSecret("Zx8dk2LmQp4sT9vB1nR6yW3e")).toBe(true);
		expect(looksLikeSecret("OPENAI_API_KEY")).toBe(false);
		expect(looksLikeSecret("MY_VERY_LONG_PROVIDER_API_KEY_NAME")).toBe(false);
	});
});

describe("urlProblem", () => {
	it("accepts http(s) URLs and ${VAR} references, refuses other schemes and broken references", () => {
		expect(urlProblem("https://api.example.com/v1")).toBeNull();
		expect(urlProblem("${SERVER_URL}/v1")).toBeNull();
		expect(urlProblem("ftp://example.com")).toContain("http(s) URL");
		expect(urlProblem("localhost:8000")).toContain("http(s) URL");
		expect(urlProblem("${SERVER URL}/v1")).toContain("not a valid environment variable reference");
		expect(urlProblem("${SERVER_URL/v1")).toContain("closing `}`");
	});
});

describe("expandEnvReferences", () => {
	it("substitutes each reference and lists the variables that are unset", () => {
		expect(envReferences("${A}/x/${B}")).toEqual(["A", "B"]);
		expect(expandEnvReferences("${HOST}/v1", { HOST: "http://127.0.0.1:9000" })).toEqual({
			value: "http://127.0.0.1:9000/v1",
			missing: [],
		});
		expect(expandEnvReferences("${HOST}/v1", {}).missing).toEqual(["HOST"]);
	});
});
