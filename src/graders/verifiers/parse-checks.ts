/** One check's result as a script printed it: pass/fail, or partial credit in 0..1. */
export type CheckValue = boolean | number;

/** What {@link parseChecksOutput} returns: the checks, or why the output is not a checks report. */
export type ParsedChecks =
	| { readonly ok: true; readonly checks: Readonly<Record<string, CheckValue>> }
	| { readonly ok: false; readonly problem: string };

/**
 * Reads a checks script's stdout: `{"checks": {name: bool | 0..1}}`, either the whole output or
 * its last line that is such an object (a script may log before it). Every value must be a
 * boolean or a number in 0..1, and there must be at least one check; anything else is a problem,
 * never a silent 0.
 */
export function parseChecksOutput(stdout: string): ParsedChecks {
	const candidates = [stdout.trim(), ...stdout.trim().split(/\r?\n/).reverse()];
	let found: unknown;
	let sawJson = false;
	for (const candidate of candidates) {
		const value = parseJson(candidate.trim());
		if (value === undefined) continue;
		sawJson = true;
		if (isRecord(value) && "checks" in value) {
			found = value.checks;
			break;
		}
	}
	if (found === undefined)
		return {
			ok: false,
			problem: sawJson
				? 'the output has JSON but no `"checks"` member'
				: `the output is not JSON: ${JSON.stringify(stdout.trim().slice(0, 200))}`,
		};
	if (!isRecord(found)) return { ok: false, problem: '`"checks"` is not an object of check names' };
	const entries = Object.entries(found);
	if (entries.length === 0) return { ok: false, problem: '`"checks"` is empty: the script checked nothing' };
	const bad = entries
		.filter(([, value]) => !isCheckValue(value))
		.map(([name, value]) => `${name}=${JSON.stringify(value)}`);
	if (bad.length > 0)
		return { ok: false, problem: `checks must be true, false or a number in 0..1; found ${bad.join(", ")}` };
	return { ok: true, checks: Object.fromEntries(entries) as Record<string, CheckValue> };
}

function isCheckValue(value: unknown): value is CheckValue {
	return (
		typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1)
	);
}

function parseJson(text: string): unknown {
	if (!text.startsWith("{")) return undefined;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
