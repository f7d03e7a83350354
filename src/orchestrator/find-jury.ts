import type { JuryPanel, ModelEntry, Provider } from "../contract/index.js";
import { type Definitions, findModel, panelFor, type UseCaseDefinition } from "../definitions/index.js";

/**
 * The use case's pinned panel resolved against the registry, each juror with a provider from
 * `providerFor`; null when there is no panel or none of its jurors is in the registry.
 */
export function findJury(
	definitions: Definitions,
	useCase: UseCaseDefinition,
	providerFor: (model: ModelEntry) => Provider,
): JuryPanel | null {
	const panel = panelFor(definitions, useCase);
	const jurors = (panel?.jurors ?? []).flatMap((id) => {
		const model = findModel(definitions, id);
		return model === undefined ? [] : [{ model, provider: providerFor(model) }];
	});
	if (panel === undefined || jurors.length === 0) return null;
	return {
		id: panel.id,
		version: panel.version,
		quorum: panel.quorum,
		jurors,
		...(panel.exclude_own_family === true ? { exclude_own_family: true } : {}),
	};
}

/** A `PluginContext.juryPanel`: resolves on the first call and remembers; `asked` says whether it was called. */
export function lazyJury(resolve: () => JuryPanel | null): {
	readonly juryPanel: () => JuryPanel | null;
	asked(): boolean;
} {
	let resolved: { readonly panel: JuryPanel | null } | null = null;
	return {
		juryPanel: () => {
			resolved ??= { panel: resolve() };
			return resolved.panel;
		},
		asked: () => resolved !== null,
	};
}
