import type { JsonObject } from "../../../contract/index.js";
import type { ImportedModel } from "../imported-evaluation.js";
import type { PromptfooResult } from "./results-schema.js";

/** The models of a results file, and which model each row is of. */
export interface ResultModels {
	readonly models: readonly ImportedModel[];
	readonly modelOf: (row: PromptfooResult) => string;
}

/** Longest prompt label kept in a model id; promptfoo labels an unlabelled prompt with its whole text. */
const PROMPT_LABEL_CHARS = 40;

/**
 * One model per promptfoo column (`promptIdx`: one prompt × one provider). Its id is the
 * provider's label, else its id (`openai:chat:gpt-4o-mini`); when the file compares more than one
 * prompt, `<provider>·<prompt label>`, since promptfoo ranks prompts as well as providers. Two
 * columns that would still share an id (the same provider listed twice without labels) get
 * `#<promptIdx>`. The identity (what the model's key part is made of) is the provider's id and
 * label, with the prompt when the id names it.
 */
export function resultModels(rows: readonly PromptfooResult[]): ResultModels {
	const columns = new Map<number, PromptfooResult>();
	for (const row of rows) if (!columns.has(row.promptIdx)) columns.set(row.promptIdx, row);
	const ordered = [...columns.entries()].sort(([a], [b]) => a - b);
	const prompts = new Set(ordered.map(([, row]) => promptKey(row)));
	const named = ordered.map(([index, row]) => {
		const provider = providerOf(row);
		const base = provider.label ?? provider.id;
		const identity: JsonObject = {
			provider: provider.id,
			...(provider.label === null ? {} : { label: provider.label }),
		};
		if (prompts.size <= 1) return { index, id: base, identity };
		const label = promptLabel(row);
		return {
			index,
			id: `${base}·${label}`,
			identity: { ...identity, prompt: { id: row.promptId ?? null, label: row.prompt.label ?? null } },
		};
	});
	const uses = new Map<string, number>();
	for (const item of named) uses.set(item.id, (uses.get(item.id) ?? 0) + 1);
	const ids = new Map<number, string>();
	const models = named.map((item): ImportedModel => {
		const shared = (uses.get(item.id) ?? 0) > 1;
		const id = shared ? `${item.id}#${item.index}` : item.id;
		ids.set(item.index, id);
		return { id, identity: shared ? { ...item.identity, column: item.index } : item.identity };
	});
	return { models, modelOf: (row) => ids.get(row.promptIdx) as string };
}

/** A row's provider: its id, and its label when promptfoo has one (an empty label is none). */
export function providerOf(row: PromptfooResult): { id: string; label: string | null } {
	if (typeof row.provider === "string") return { id: row.provider, label: null };
	const label = row.provider.label;
	return { id: row.provider.id, label: typeof label === "string" && label !== "" ? label : null };
}

function promptKey(row: PromptfooResult): string {
	// Not the raw prompt: that is rendered with each test's vars.
	return row.promptId || row.prompt.label || "";
}

function promptLabel(row: PromptfooResult): string {
	const label = (row.prompt.label || row.promptId || "prompt").replace(/\s+/g, " ").trim();
	return label.length <= PROMPT_LABEL_CHARS ? label : `${label.slice(0, PROMPT_LABEL_CHARS - 1)}…`;
}
