import type { Command } from "commander";
import type { ModelEntry } from "../../contract/index.js";
import { type DirOptions, loadFromDirOption, withDirOption } from "../definitions-option.js";
import { type CliIo, printJson, printLine } from "../io.js";
import { renderTable } from "../table.js";

/** `touchstone list`: the model registry and the use-case roster, as tables or JSON. */
export function registerListCommand(program: Command, io: CliIo): void {
	withDirOption(program.command("list"))
		.description("show models (status, role, tags, price) and use cases (status, plugin, deployed)")
		.option("--json", "print the lists as JSON")
		.action((options: DirOptions & { json?: boolean }) => {
			const definitions = loadFromDirOption(options.dir, options.allowPath);
			if (options.json) {
				printJson(io, { models: definitions.models, use_cases: definitions.useCases });
				return;
			}
			printLine(io, "Models");
			printLine(
				io,
				renderTable(
					["id", "provider", "role", "status", "family", "weights", "tier", "price in/out $/Mtok"],
					definitions.models.map((model) => [
						model.id,
						model.provider,
						model.role,
						model.status,
						model.tags.family ?? "-",
						model.tags.weights ?? "-",
						model.tags.tier ?? "-",
						formatPrice(model),
					]),
				),
			);
			printLine(io);
			printLine(io, "Use cases");
			printLine(
				io,
				renderTable(
					["id", "status", "plugin", "modality", "deployed"],
					definitions.useCases.map((useCase) => [
						useCase.id,
						useCase.status,
						useCase.plugin ?? "-",
						`${useCase.modality.input} -> ${useCase.modality.output}`,
						useCase.deployed ? `${useCase.deployed.model} (${useCase.deployed.harness})` : "-",
					]),
				),
			);
		});
}

function formatPrice(model: ModelEntry): string {
	return model.price ? `${model.price.input} / ${model.price.output}` : "billed or unknown";
}
