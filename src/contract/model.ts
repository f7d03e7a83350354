import type { JsonObject } from "./json.js";
import type { SandboxMount } from "./sandbox.js";

/** How a model is ranked: `candidate`s compete on cost; `anchor`s mark the capability ceiling. */
export const MODEL_ROLES = ["candidate", "anchor"] as const;
/** One of {@link MODEL_ROLES}. */
export type ModelRole = (typeof MODEL_ROLES)[number];

/** Whether a model is still run. Retired models keep their results but join no new run. */
export const MODEL_STATUSES = ["active", "retired"] as const;
/** One of {@link MODEL_STATUSES}. */
export type ModelStatus = (typeof MODEL_STATUSES)[number];

/** Why and when a model was retired (`touchstone drop`): shown beside its rows, which stay readable. */
export interface ModelRetirement {
	/** Why it no longer runs, as the person who retired it wrote it. */
	readonly reason: string;
	/** The UTC day it was retired, `YYYY-MM-DD`. */
	readonly date: string;
}

/** Whether a model's weights can be downloaded. */
export const MODEL_WEIGHTS = ["open", "proprietary"] as const;
/** One of {@link MODEL_WEIGHTS}. */
export type ModelWeights = (typeof MODEL_WEIGHTS)[number];

/**
 * Rough size class, for labels and filters; on an active `anchor`, also its rung of the anchor
 * ladder (`touchstone ladder`), so at most one active anchor holds each tier.
 */
export const MODEL_TIERS = ["small", "mid", "large"] as const;
/** One of {@link MODEL_TIERS}. */
export type ModelTier = (typeof MODEL_TIERS)[number];

/** Display tags: labels, colours and filters only; never used for grading or cost. */
export interface ModelTags {
	/** Model family, e.g. `llama`, `claude`. */
	readonly family: string | null;
	/** See {@link MODEL_WEIGHTS}. */
	readonly weights: ModelWeights | null;
	/** See {@link MODEL_TIERS}. */
	readonly tier: ModelTier | null;
}

/** USD per million tokens, used only when the provider does not report a billed cost. */
export interface ModelPrice {
	/** Per million prompt tokens. */
	readonly input: number;
	/** Per million completion tokens. */
	readonly output: number;
	/** Per million prompt tokens read from cache; null means charged as input. */
	readonly cache_read: number | null;
}

/** One entry of the model registry (`models.yaml`), as runners and providers see it. */
export interface ModelEntry {
	/** Registry id, unique, used everywhere else (`--models`, `deployed.model`, jurors). */
	readonly id: string;
	/** Provider kind, e.g. `openai-compatible`, `openrouter`, `anthropic`, `command`. */
	readonly provider: string;
	/** The provider's own model id. */
	readonly model: string;
	/** Human name for tables; defaults to the id. */
	readonly display_name: string;
	/** See {@link MODEL_ROLES}. */
	readonly role: ModelRole;
	/** See {@link MODEL_STATUSES}. */
	readonly status: ModelStatus;
	/**
	 * Why and when it was retired, when models.yaml says (`touchstone drop` writes it); absent for
	 * an active model and for one retired by `status: retired` alone. Never part of a cell key.
	 */
	readonly retired?: ModelRetirement;
	/** See {@link ModelTags}. */
	readonly tags: ModelTags;
	/** Price override; null means the provider's billed cost or unknown. */
	readonly price: ModelPrice | null;
	/** Endpoint for HTTP providers. */
	readonly base_url: string | null;
	/** Name of the environment variable holding the API key; the key itself is never stored. */
	readonly api_key_env: string | null;
	/** Program and arguments for the `command` provider. */
	readonly command: readonly string[] | null;
	/** Provider-specific settings (retries, concurrency, timeouts, headers by env var). */
	readonly options: JsonObject;
	/**
	 * `command` entries only: names of host environment variables passed to the program besides
	 * `api_key_env` (its sandbox gets nothing else of the host's environment). Absent means none;
	 * set only when the entry names some, so entries without it keep their cell keys.
	 */
	readonly env?: readonly string[];
	/**
	 * `command` entries only: whether the program may reach the network (a hosted agent calling its
	 * API). Absent means no: only a private loopback. Set only when true.
	 */
	readonly network?: boolean;
	/**
	 * `command` entries only: host folders or files shown read-only inside the program's sandbox
	 * (an agent installed outside /usr); `from` may hold `${VAR}` references, expanded at run time.
	 * Absent means none. Set only when the entry names some.
	 */
	readonly mounts?: readonly SandboxMount[];
}
