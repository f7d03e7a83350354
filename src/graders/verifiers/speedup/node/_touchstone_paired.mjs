// The trusted helper of touchstone's speedup verifier (protocol paired-v1) for Node candidates.
// It runs inside the grading sandbox, in a folder holding only the editable files, the frozen
// baseline, the task's harness, this file and _touchstone_paired.json, as
//   node --experimental-permission --allow-fs-read=<that folder> --disallow-code-generation-from-strings
//        _touchstone_paired.mjs _touchstone_harness.mjs
// with a nonce on stdin, and prints exactly one line `TOUCHSTONE-PAIRED-V1 <nonce> <json>`.
//
// Order matters: the nonce is read (and stdin closed) and the clock, stdout and exit are bound
// before any task or candidate code runs; the harness (trusted) is imported with every global,
// calls the global `benchmark({...})` once, and only records its arguments; then every global
// outside ALLOWED_GLOBALS is deleted and the remaining built-ins are frozen, so neither the
// baseline nor the candidate can reach `process`, the clock or the helper's own tools. Both are
// loaded from their source by a data: URL, so each is a strict ES module whatever its extension.
// Only the calls are timed; copies, comparisons and purity checks happen outside the timed span.
import { closeSync, readFileSync, readSync, writeSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** The ECMAScript built-ins the baseline and the candidate keep; the host policy lists the same names. */
const ALLOWED_GLOBALS = (
	"AggregateError Array ArrayBuffer BigInt BigInt64Array BigUint64Array Boolean DataView Date Error " +
	"EvalError Float32Array Float64Array Infinity Int16Array Int32Array Int8Array Intl JSON Map Math NaN " +
	"Number Object Promise RangeError ReferenceError RegExp Set String Symbol SyntaxError TypeError URIError " +
	"Uint16Array Uint32Array Uint8Array Uint8ClampedArray WeakMap WeakSet decodeURI decodeURIComponent " +
	"encodeURI encodeURIComponent isFinite isNaN parseFloat parseInt undefined"
).split(" ");

const MARK = "TOUCHSTONE-PAIRED-V1";
const G = globalThis;
const now = process.hrtime.bigint;
// With --expose-gc: a full collection before every timed call, outside the timed span, so no call
// pays for garbage another one (or the input copies) left behind.
const collect = typeof globalThis.gc === "function" ? globalThis.gc : () => {};
// Then a 2 ms sleep, so the call starts on a fresh scheduler slice rather than at the end of the
// one the collection used up: on a loaded machine a sub-millisecond call was otherwise preempted
// in 3 of 7 pairs (medians of the rollup example 45-133x -> 95-182x under a load of 5 on 2 cores).
const pause = new Int32Array(new SharedArrayBuffer(4));
const { wait } = Atomics;
const settle = () => {
	collect();
	wait(pause, 0, 0, 2);
};
const { apply, ownKeys } = Reflect;
const exit = process.exit.bind(process);
const clone = structuredClone;
const { from: bytesOf } = Buffer;
const BufferClass = Buffer;
const toBytes = (text) => apply(bytesOf, BufferClass, [text, "utf8"]);
const toBase64 = (text) => toBytes(text).toString("base64");
const { freeze, getOwnPropertyDescriptor, getOwnPropertyNames, getPrototypeOf } = Object;
const isArray = Array.isArray;
const isNotANumber = Number.isNaN;
const stringify = JSON.stringify;
const MapPrototype = Map.prototype;
const SetPrototype = Set.prototype;
const DatePrototype = Date.prototype;
const mapEntries = Map.prototype.entries;
const mapHas = Map.prototype.has;
const mapGet = Map.prototype.get;
const setValues = Set.prototype.values;
const setHas = Set.prototype.has;
const dateTime = Date.prototype.getTime;
// Objects compared by their own keys: plain objects, arrays and typed arrays. Any other object (a
// Promise, a WeakMap, a class instance, an ArrayBuffer) has state its keys do not show, so two of
// them are equal only when they are the same object.
const KEYED_PROTOTYPES = new Set([
	null,
	Object.prototype,
	Array.prototype,
	...[Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array]
		.concat([Float32Array, Float64Array, BigInt64Array, BigUint64Array])
		.map((type) => type.prototype),
]);
const mapSize = getOwnPropertyDescriptor(Map.prototype, "size").get;
const setSize = getOwnPropertyDescriptor(Set.prototype, "size").get;

const nonce = readNonce();
let phase = "harness";
let done = false;
// What an unexpected end means depends on whose code was running.
const PHASE_STATUS = { harness: "harness_error", baseline: "baseline_failed", candidate: "candidate_error" };
process.on("uncaughtException", (error) =>
	fail(PHASE_STATUS[phase], `uncaught during the ${phase}: ${describe(error)}`),
);
process.on("unhandledRejection", (error) =>
	fail(PHASE_STATUS[phase], `unhandled rejection during the ${phase}: ${describe(error)}`),
);
process.on("exit", () =>
	fail(
		PHASE_STATUS[phase],
		`the event loop emptied during the ${phase}, before a result (a promise that never settles?)`,
	),
);

main().catch((error) => fail(PHASE_STATUS[phase], `during the ${phase}: ${describe(error)}`));

async function main() {
	const config = JSON.parse(readFileSync(new URL("./_touchstone_paired.json", import.meta.url), "utf8"));
	const spec = await loadHarness(process.argv[2], config);
	if (spec === null) return;
	harden();
	phase = "baseline";
	const baseline = await loadFunction(spec.baseline_path, spec.function, "baseline_failed");
	if (baseline === null) return;
	if (
		!checkOracle(baseline, spec, "the baseline", {
			raised: "baseline_failed",
			wrong: "baseline_failed",
			impure: "baseline_failed",
		})
	)
		return;
	phase = "candidate";
	const candidate = await loadFunction(spec.candidate_path, spec.function, "candidate_error");
	if (candidate === null) return;
	if (
		!checkOracle(candidate, spec, "the candidate", { raised: "candidate_error", wrong: "mismatch", impure: "impure" })
	)
		return;
	const warmup = runPair(spec, baseline, candidate, "warm-up", config.seed, "baseline-first");
	if (warmup === null) return;
	const samples = [];
	for (let index = 0; index < config.pairs; index++) {
		const order = index % 2 === 0 ? "baseline-first" : "candidate-first";
		const sample = runPair(spec, baseline, candidate, `pair ${index}`, config.seed + index + 1, order);
		if (sample === null) return;
		samples.push(sample);
	}
	emit({ status: "ok", detail: "", oracle_cases: spec.oracle_cases.length, warmup, samples });
}

/** Reads the nonce line from stdin, then closes it: nothing imported later can read it. */
function readNonce() {
	const buffer = Buffer.alloc(256);
	let text = "";
	for (;;) {
		const read = readSync(0, buffer, 0, buffer.length, null);
		if (read === 0) break;
		text += buffer.toString("utf8", 0, read);
		if (text.includes("\n") || text.length > 128) break;
	}
	closeSync(0);
	const line = text.split("\n")[0];
	if (!/^[0-9a-f]{32}$/.test(line)) {
		writeSync(2, "_touchstone_paired.mjs: stdin must start with a 32-hex-digit nonce line\n");
		exit(2);
	}
	return line;
}

/** Imports the trusted harness with `benchmark` defined as a global that only records its arguments. */
async function loadHarness(harness, config) {
	const calls = [];
	G.benchmark = (options) => {
		calls.push(options);
	};
	try {
		await import(pathToFileURL(resolve(harness)).href);
	} catch (error) {
		return fail("harness_error", `the harness raised: ${describe(error)}`);
	}
	delete G.benchmark;
	if (calls.length !== 1)
		return fail("harness_error", `the harness called benchmark ${calls.length} times; call it exactly once`);
	const [spec] = calls;
	const problem = specProblem(spec, config);
	return problem === null ? spec : fail("harness_error", `benchmark(...): ${problem}`);
}

function specProblem(spec, config) {
	if (spec === null || typeof spec !== "object") return "pass one object of named arguments";
	for (const key of ["candidate_path", "baseline_path", "function"])
		if (typeof spec[key] !== "string" || spec[key] === "") return `${key} must be a nonempty string`;
	if (!config.editable.includes(spec.candidate_path))
		return `candidate_path ${stringify(spec.candidate_path)} is not one of the editable files (${config.editable.join(", ")})`;
	if (typeof spec.make_input !== "function") return "make_input must be a function of the seed";
	if (spec.require_pure_inputs !== undefined && typeof spec.require_pure_inputs !== "boolean")
		return "require_pure_inputs must be true or false";
	if (!isArray(spec.oracle_cases) || spec.oracle_cases.length === 0)
		return "oracle_cases must be a nonempty array of [args, expected] pairs";
	for (const [index, item] of spec.oracle_cases.entries())
		if (!isArray(item) || item.length !== 2 || !isArray(item[0]))
			return `oracle_cases[${index}] must be [argsArray, expected]`;
	return null;
}

/** Deletes every global outside ALLOWED_GLOBALS and freezes the built-ins that remain. */
function harden() {
	const allowed = new Set(ALLOWED_GLOBALS);
	for (const name of getOwnPropertyNames(G)) {
		if (allowed.has(name)) continue;
		// `gc` (--expose-gc) cannot be deleted, only overwritten; anything that stays is a refusal to run.
		if (getOwnPropertyDescriptor(G, name).configurable) delete G[name];
		else G[name] = undefined;
		if (G[name] !== undefined) throw new TypeError(`cannot remove the global ${name} before the candidate runs`);
	}
	const hidden = [
		getPrototypeOf(() => {}),
		getPrototypeOf(async () => {}),
		getPrototypeOf(function* () {}),
		getPrototypeOf(async function* () {}),
		getPrototypeOf(getPrototypeOf(function* () {}).prototype),
		getPrototypeOf([][Symbol.iterator]()),
		getPrototypeOf(new Map().entries()),
		getPrototypeOf(new Set().values()),
		getPrototypeOf(""[Symbol.iterator]()),
		getPrototypeOf(/a/[Symbol.matchAll]("")),
		getPrototypeOf(Uint8Array),
		getPrototypeOf(Uint8Array.prototype),
	];
	for (const value of hidden) freeze(value);
	for (const name of ALLOWED_GLOBALS) {
		const value = G[name];
		if (value === null || (typeof value !== "object" && typeof value !== "function")) continue;
		freeze(value);
		if (typeof value === "function" && value.prototype !== undefined) freeze(value.prototype);
	}
}

/** Imports one implementation from its source and returns its exported function, or fails with `status`. */
async function loadFunction(path, name, status) {
	const who = status === "baseline_failed" ? "the baseline" : "the candidate";
	let source;
	try {
		source = readFileSync(resolve(path), "utf8");
	} catch (error) {
		return fail(
			status === "baseline_failed" ? "harness_error" : "candidate_error",
			`${path} cannot be read: ${describe(error)}`,
		);
	}
	let module;
	try {
		// The sourceURL names the file in stack traces and keeps two identical sources two modules.
		module = await import(`data:text/javascript;base64,${toBase64(`${source}\n//# sourceURL=${path}\n`)}`);
	} catch (error) {
		return fail(status, `${who} (${path}) failed to load: ${describe(error)}`);
	}
	const fn = getOwnPropertyDescriptor(module, name)?.value;
	if (typeof fn !== "function") return fail(status, `${who} (${path}) does not export a function named ${name}`);
	return fn;
}

/** Runs every oracle case on one implementation; false (after failing) when one is wrong. */
function checkOracle(fn, spec, who, statuses) {
	for (const [index, [args, expected]] of spec.oracle_cases.entries()) {
		oracleRan = index + 1;
		const input = copy(args, `oracle_cases[${index}]`);
		if (input === null) return false;
		let output;
		try {
			output = fn(...input.args);
		} catch (error) {
			fail(statuses.raised, `${who} raised on oracle case ${index}: ${describe(error)}`);
			return false;
		}
		if (!same(output, expected)) {
			fail(statuses.wrong, `${who} returned ${preview(output)} on oracle case ${index}, expected ${preview(expected)}`);
			return false;
		}
		if (spec.require_pure_inputs === true && !same(input.args, input.pristine)) {
			fail(statuses.impure, `${who} mutated its input on oracle case ${index}`);
			return false;
		}
	}
	return true;
}

/** Deep copies of one argument list: the one passed, and a pristine one to check purity against. */
function copy(args, what) {
	try {
		return { args: clone(args), pristine: clone(args) };
	} catch (error) {
		fail("harness_error", `${what} cannot be copied with structuredClone: ${describe(error)}`);
		return null;
	}
}

const retained = [];
let oracleRan = 0;

/** One timed pair: both inputs built first, each side timed alone, outputs and purity checked after. */
function runPair(spec, baseline, candidate, label, seed, order) {
	const inputs = [];
	for (let side = 0; side < 2; side++) {
		let built;
		try {
			built = spec.make_input(seed);
		} catch (error) {
			return fail("harness_error", `make_input(${seed}) raised: ${describe(error)}`);
		}
		if (!isArray(built)) return fail("harness_error", `make_input(${seed}) must return an array of arguments`);
		const input = copy(built, `make_input(${seed})`);
		if (input === null) return null;
		// Kept to the end of the run, so no call reuses an object (or its identity) another one saw.
		retained.push(built, input);
		inputs.push(input);
	}
	const names = order === "baseline-first" ? ["baseline", "candidate"] : ["candidate", "baseline"];
	const sides = {
		baseline: { fn: baseline, raised: "baseline_failed", impure: "baseline_failed" },
		candidate: { fn: candidate, raised: "candidate_error", impure: "impure" },
	};
	// The side called first gets the copy made last, so the fresher copy alternates with the order.
	sides[names[0]].input = inputs[1];
	sides[names[1]].input = inputs[0];
	for (const name of names) {
		const side = sides[name];
		let output;
		let started;
		let ended;
		settle();
		try {
			started = now();
			output = side.fn(...side.input.args);
			ended = now();
		} catch (error) {
			return fail(side.raised, `the ${name} raised on ${label} (seed ${seed}): ${describe(error)}`);
		}
		side.output = output;
		side.seconds = Number(ended - started) / 1e9;
		retained.push(output);
	}
	if (!same(sides.candidate.output, sides.baseline.output))
		return fail(
			"mismatch",
			`on ${label} (seed ${seed}) the candidate returned ${preview(sides.candidate.output)}, the baseline ${preview(sides.baseline.output)}`,
		);
	if (spec.require_pure_inputs === true)
		for (const name of ["baseline", "candidate"])
			if (!same(sides[name].input.args, sides[name].input.pristine))
				return fail(sides[name].impure, `the ${name} mutated its input on ${label} (seed ${seed})`);
	return { baseline_s: sides.baseline.seconds, candidate_s: sides.candidate.seconds, order };
}

/**
 * Deep equality of plain data, reading only own data properties (never a getter, so a result
 * cannot do its work lazily, outside the timed call): same prototype, same own keys in any
 * order, equal values. Numbers compare as SameValueZero (NaN equals NaN; -0 equals 0, as
 * Python's == does); Maps and Sets by their entries; Dates by their time; other objects only
 * by identity (see KEYED_PROTOTYPES).
 */
function same(a, b, seen = new Map()) {
	if (a === b) return true;
	if (typeof a !== typeof b) return false;
	if (typeof a === "number") return isNotANumber(a) && isNotANumber(b);
	if (typeof a !== "object" || a === null || b === null) return false;
	if (seen.get(a) === b) return true;
	seen.set(a, b);
	const proto = getPrototypeOf(a);
	if (proto !== getPrototypeOf(b)) return false;
	if (proto === DatePrototype) return apply(dateTime, a, []) === apply(dateTime, b, []);
	if (proto === MapPrototype) {
		if (apply(mapSize, a, []) !== apply(mapSize, b, [])) return false;
		for (const [key, value] of apply(mapEntries, a, []))
			if (!apply(mapHas, b, [key]) || !same(value, apply(mapGet, b, [key]), seen)) return false;
		return true;
	}
	if (proto === SetPrototype) {
		if (apply(setSize, a, []) !== apply(setSize, b, [])) return false;
		for (const value of apply(setValues, a, [])) if (!apply(setHas, b, [value])) return false;
		return true;
	}
	if (!KEYED_PROTOTYPES.has(proto)) return false;
	const keys = ownKeys(a);
	if (keys.length !== ownKeys(b).length) return false;
	for (const key of keys) {
		const left = getOwnPropertyDescriptor(a, key);
		const right = getOwnPropertyDescriptor(b, key);
		if (right === undefined || !("value" in left) || !("value" in right)) return false;
		if (!same(left.value, right.value, seen)) return false;
	}
	return true;
}

/** A short rendering of a value for a detail, reading only own data properties. */
function preview(value, depth = 0) {
	if (typeof value === "string") return stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
	if (typeof value === "bigint") return `${value}n`;
	if (typeof value === "number" && Object.is(value, -0)) return "-0";
	if (typeof value === "function") return "a function";
	if (value === null || typeof value !== "object") return String(value);
	if (depth > 2) return isArray(value) ? "[…]" : "{…}";
	const proto = getPrototypeOf(value);
	if (proto === MapPrototype) return `Map(${apply(mapSize, value, [])})`;
	if (proto === SetPrototype) return `Set(${apply(setSize, value, [])})`;
	const keys = ownKeys(value).filter((key) => typeof key === "string" && !(isArray(value) && key === "length"));
	const parts = keys.slice(0, 8).map((key) => {
		const descriptor = getOwnPropertyDescriptor(value, key);
		const shown = "value" in descriptor ? preview(descriptor.value, depth + 1) : "<getter>";
		return isArray(value) ? shown : `${stringify(key)}: ${shown}`;
	});
	if (keys.length > 8) parts.push(`… ${keys.length - 8} more`);
	return isArray(value) ? `[${parts.join(", ")}]` : `{${parts.join(", ")}}`;
}

/** An exception as `Name: message (at file:line:column)`, never running code a thrown object carries. */
function describe(error) {
	try {
		if (error === null || typeof error !== "object") return `a thrown ${preview(error)}`;
		const name = dataProperty(error, "name");
		const message = dataProperty(error, "message");
		const stack = dataProperty(error, "stack");
		const at =
			typeof stack === "string" ? /\(?([^\s()]+:\d+:\d+)\)?/.exec(stack.split("\n").slice(1).join("\n")) : null;
		const text = `${typeof name === "string" ? name : "Error"}: ${typeof message === "string" ? message : preview(error)}`;
		return at === null ? text : `${text} (at ${at[1]})`;
	} catch {
		return "an exception that cannot be described";
	}
}

function dataProperty(object, key) {
	for (let current = object; current !== null; current = getPrototypeOf(current)) {
		const descriptor = getOwnPropertyDescriptor(current, key);
		if (descriptor !== undefined) return "value" in descriptor ? descriptor.value : undefined;
	}
	return undefined;
}

/** Most characters of a detail: a candidate's 10 MB error message must not push the result past the output cap. */
const DETAIL_CHARS = 2000;

function fail(status, detail) {
	const short = detail.length > DETAIL_CHARS ? `${detail.slice(0, DETAIL_CHARS)}… (cut)` : detail;
	emit({ status, detail: short, oracle_cases: oracleRan });
	return null;
}

/** Writes the one authenticated line and exits at once, so nothing can add or replace it. */
function emit(result) {
	if (done) return;
	const bytes = toBytes(`${MARK} ${nonce} ${stringify(result)}\n`);
	done = true;
	for (let offset = 0; offset < bytes.length; ) {
		try {
			offset += writeSync(1, bytes, offset);
		} catch (error) {
			if (error.code !== "EAGAIN") break;
		}
	}
	exit(0);
}
