import { type Case, type CaseKind, defineCase, type JsonObject } from "../contract/index.js";

/** Bytes the packing buffer starts with; it doubles as cases are added. */
const INITIAL_BYTES = 64 * 1024;

/**
 * A run's cases kept as the UTF-8 JSON of each, in one buffer outside the JavaScript heap, and
 * made into a Case again when a cell asks for one. A pack of 50,000 small cases held as objects
 * kept about 20 MB of the heap (strings, inputs, case objects) for the whole run, and with it the
 * heap's headroom over them: the resident memory of a run grew with its pack (bench/overhead).
 * Packed, they cost their JSON (a third as much, none of it for the garbage collector to trace),
 * and a case is rebuilt once per run of adjacent cells: the plan puts a case's models side by
 * side, so the case last asked for is kept.
 */
export class PackedCases {
	/** Number of cases. */
	readonly length: number;
	readonly #bytes: Buffer;
	/** Where case `i` starts in `#bytes`; entry `length` is where the last one ends. */
	readonly #offsets: Uint32Array;
	#lastIndex = -1;
	#last: Case | null = null;

	private constructor(bytes: Buffer, offsets: Uint32Array) {
		this.#bytes = bytes;
		this.#offsets = offsets;
		this.length = offsets.length - 1;
	}

	/** Packs `cases` (each a Case made from JSON data, as validateCases returns them). */
	static pack(cases: readonly Case[]): PackedCases {
		const offsets = new Uint32Array(cases.length + 1);
		let bytes = Buffer.allocUnsafe(INITIAL_BYTES);
		let end = 0;
		cases.forEach((testCase, index) => {
			const json = JSON.stringify(packed(testCase));
			const size = Buffer.byteLength(json, "utf8");
			if (end + size > bytes.length) {
				const grown = Buffer.allocUnsafe(Math.max(bytes.length * 2, end + size));
				bytes.copy(grown, 0, 0, end);
				bytes = grown;
			}
			end += bytes.write(json, end, "utf8");
			offsets[index + 1] = end;
		});
		// A copy of the used part only: the slack of the last doubling is let go.
		return new PackedCases(Buffer.from(bytes.subarray(0, end)), offsets);
	}

	/** Case `index`, rebuilt from its JSON (the same Case object for repeated asks of the same index). */
	at(index: number): Case {
		if (index === this.#lastIndex && this.#last !== null) return this.#last;
		const start = this.#offsets[index];
		const end = this.#offsets[index + 1];
		if (start === undefined || end === undefined || index < 0)
			throw new RangeError(`no case ${index} in a pack of ${this.length}`);
		const [id, version, use_case_id, kind, input, reference, threshold, metadata] = JSON.parse(
			this.#bytes.toString("utf8", start, end),
		) as PackedCase;
		const testCase = defineCase({ id, version, use_case_id, kind, input, reference, threshold, metadata });
		this.#lastIndex = index;
		this.#last = testCase;
		return testCase;
	}
}

/** A case's data as packed: its fields in order, without their names (half the bytes of an object for a small case). */
type PackedCase = [
	id: string,
	version: string,
	use_case_id: string,
	kind: CaseKind,
	input: JsonObject,
	reference: JsonObject | null,
	threshold: number,
	metadata: JsonObject,
];

function packed(testCase: Case): PackedCase {
	return [
		testCase.id,
		testCase.version,
		testCase.use_case_id,
		testCase.kind,
		testCase.input,
		testCase.reference,
		testCase.threshold,
		testCase.metadata,
	];
}
