import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { tempDir } from "../support/cli.js";

/*
 * The models and panel shared by the honest-jury tests: two candidates (one of family acme), a
 * priced juror of family acme and an unpriced one, all served by the scripted server.
 */

/** A models.yaml entry served by the scripted server at TOUCHSTONE_SCRIPTED_URL. */
export const scriptedModel = (id: string, extra: string) => `  - id: ${id}
    provider: openai-compatible
    model: ${id}
    base_url: \${TOUCHSTONE_SCRIPTED_URL}/v1
    options: { max_retries: 0 }
${extra}`;

/** $2 in, $10 out per million tokens: a judge-acme vote of 1000 tokens in and 50 out costs (1000 × 2 + 50 × 10) / 1e6. */
export const ACME_VOTE = (1000 * 2 + 50 * 10) / 1e6;

/** models.yaml: the candidates and jurors above, then `extra` entries. */
export const honestModels = (...extra: string[]) => `models:
${scriptedModel("scripted/cand-acme", "    tags: { family: acme }\n    price: { input: 1, output: 1 }")}
${scriptedModel("scripted/cand-other", "    price: { input: 1, output: 1 }")}
${scriptedModel("scripted/judge-acme", "    role: anchor\n    tags: { family: acme }\n    price: { input: 2, output: 10 }")}
${scriptedModel("scripted/judge-plain", "    role: anchor")}
${extra.join("\n")}`;

/** judge_panels.yaml: panel `honest` of judge-acme and judge-plain, quorum 1, then `extra` keys of the panel. */
export const honestPanels = (extra: string) => `default: honest
panels:
  - id: honest
    version: jury@honest-1
    jurors: [scripted/judge-acme, scripted/judge-plain]
    quorum: 1
${extra}`;

/**
 * A temp working folder whose benchmarks/ holds `models`, the `honest` panel with `panelExtra`,
 * `useCases` and the given files (paths relative to benchmarks/); returns the working folder.
 */
export function honestWorkspace(
	prefix: string,
	files: { readonly models: string; readonly useCases: string; readonly panelExtra: string },
	caseFiles: Readonly<Record<string, string>>,
): string {
	const cwd = tempDir(prefix);
	const dir = join(cwd, "benchmarks");
	for (const [path, text] of Object.entries(caseFiles)) {
		mkdirSync(dirname(join(dir, path)), { recursive: true });
		writeFileSync(join(dir, path), text);
	}
	writeFileSync(join(dir, "models.yaml"), files.models);
	writeFileSync(join(dir, "judge_panels.yaml"), honestPanels(files.panelExtra));
	writeFileSync(join(dir, "use_cases.yaml"), files.useCases);
	return cwd;
}
