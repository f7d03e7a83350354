import type { Attempt, JsonValue } from "../contract/index.js";
import { redactCounting } from "../providers/index.js";

/**
 * Secrets shorter than this are not redacted: a key such as `EMPTY` or `none` (what local
 * servers accept) would otherwise be cut out of every output that says the word.
 */
export const MIN_REDACTED_SECRET_LENGTH = 8;

/** How many secrets were replaced in what one cell stores; counted on its run row. */
export interface RedactionCount {
	count: number;
}

/**
 * Replaces every secret a run knows (see knownSecrets) in what its cells store, whichever
 * provider, harness or grader produced it: outputs, traces, diffs, raw replies, error texts,
 * scores with their votes and reasoning. It runs before anything is content-addressed, so an
 * artifact's sha256 is that of the redacted bytes, and before grading, so no juror is shown a
 * key a candidate echoed. What it replaced is counted.
 */
export class SecretRedactor {
	/** Longest first, so a secret holding a shorter one is replaced whole. */
	readonly #secrets: readonly string[];
	/** Each secret as it reads inside a JSON string, for the quick test on serialized values. */
	readonly #inJson: readonly string[];

	constructor(secrets: Iterable<string>) {
		this.#secrets = [...new Set(secrets)]
			.filter((secret) => secret.length >= MIN_REDACTED_SECRET_LENGTH)
			.sort((a, b) => b.length - a.length);
		this.#inJson = this.#secrets.map((secret) => JSON.stringify(secret).slice(1, -1));
	}

	/** How many distinct secrets it redacts. */
	get size(): number {
		return this.#secrets.length;
	}

	/** A text with every secret replaced by REDACTED. */
	text(value: string, counted: RedactionCount): string {
		if (this.#secrets.length === 0) return value;
		const { text, count } = redactCounting(value, this.#secrets);
		counted.count += count;
		return text;
	}

	/** A text or null, redacted. */
	optionalText(value: string | null, counted: RedactionCount): string | null {
		return value === null ? null : this.text(value, counted);
	}

	/**
	 * A JSON value (object keys and string members) with every secret replaced; the value itself
	 * when it holds none, which is told from its serialization without walking it.
	 */
	json<T>(value: T, counted: RedactionCount): T {
		if (this.#secrets.length === 0) return value;
		const serialized = JSON.stringify(value);
		if (serialized === undefined || !this.#inJson.some((secret) => serialized.includes(secret))) return value;
		return this.#walk(value as JsonValue, counted) as T;
	}

	/** An attempt with its output, trace, error, diff, raw reply, provenance and warnings redacted; its workspace kept. */
	attempt(attempt: Attempt, counted: RedactionCount): Attempt {
		const stored = {
			final: attempt.final,
			trace: attempt.trace,
			error: attempt.error,
			diff: attempt.diff,
			raw: attempt.raw,
			runner_provenance: attempt.runner_provenance,
			...(attempt.warnings === undefined ? {} : { warnings: attempt.warnings }),
		};
		const redacted = this.json(stored, counted);
		return redacted === stored ? attempt : { ...attempt, ...redacted };
	}

	#walk(value: JsonValue, counted: RedactionCount): JsonValue {
		if (typeof value === "string") return this.text(value, counted);
		if (value === null || typeof value !== "object") return value;
		if (Array.isArray(value)) return value.map((member) => this.#walk(member, counted));
		const copy: Record<string, JsonValue> = {};
		for (const [key, member] of Object.entries(value)) copy[this.text(key, counted)] = this.#walk(member, counted);
		return copy;
	}
}
