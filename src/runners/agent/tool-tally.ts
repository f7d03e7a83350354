import type { JsonObject } from "../../contract/index.js";
import { AGENT_TOOL_NAMES } from "./agent-tools.js";
import type { ToolErrorKind } from "./run-agent-tool.js";

/**
 * Counts an attempt's tool calls by tool and its tool errors by kind, for provenance. Names the
 * model made up are counted together as `unknown`, so a model cannot grow the record at will.
 */
export class ToolTally {
	readonly #calls: Record<string, number> = {};
	readonly #errors: Record<string, number> = {};
	#errorTotal = 0;

	/** Counts one call of `name`. */
	call(name: string): void {
		const key = (AGENT_TOOL_NAMES as readonly string[]).includes(name) ? name : "unknown";
		this.#calls[key] = (this.#calls[key] ?? 0) + 1;
	}

	/** Counts one tool error returned to the model. */
	error(kind: ToolErrorKind): void {
		this.#errors[kind] = (this.#errors[kind] ?? 0) + 1;
		this.#errorTotal += 1;
	}

	/** `tool_calls` by name, `tool_errors` in all, and `tool_errors_by_kind`. */
	toJson(): JsonObject {
		return { tool_calls: { ...this.#calls }, tool_errors: this.#errorTotal, tool_errors_by_kind: { ...this.#errors } };
	}
}
