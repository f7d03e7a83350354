/**
 * The scripted server: a real OpenAI- and Anthropic-compatible HTTP endpoint on loopback that
 * answers from a script (rules, latency, usage, cost and seeded faults). It stands in for a hosted
 * model in the tests, the benchmarks and the offline demo, and says so: every response carries
 * `x-touchstone-scripted: 1`. Nothing in the core imports it. Imports only the contract.
 */
export { loadScript, parseScript, validateScript } from "./load-script.js";
export type { RecordedRequest } from "./request-log.js";
export {
	type Duration,
	FAULT_KINDS,
	type FaultKind,
	type ModelScript,
	type RuleConditions,
	type Script,
	type ScriptInput,
	type ScriptRule,
	scriptSchema,
} from "./script-schema.js";
export {
	SCRIPTED_OWNER,
	type ScriptedServer,
	type ScriptedServerOptions,
	startScriptedServer,
} from "./scripted-server.js";
export { type ModelStats, OUTCOMES, type Outcome, type ServerStats } from "./server-stats.js";
