import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BadInputError, NotFoundError } from "../contract/index.js";
import { type OwnerRatingLabel, openTemporaryStore, sampleCell, sampleSpec, type TemporaryStore } from "./index.js";

let temporary: TemporaryStore;
let first: string;
let second: string;

beforeEach(() => {
	temporary = openTemporaryStore();
	temporary.store.freezeSpec(sampleSpec());
	[first = "", second = ""] = temporary.store.recordCells([sampleCell(), sampleCell({ sample_index: 1 })]);
});

afterEach(() => temporary.remove());

describe("owner ratings", () => {
	it("serve the latest rating per run from latest_owner_ratings", () => {
		const { store } = temporary;
		store.addOwnerRating({ run_id: first, rating: 0.2, label: "reject", note: "missed the date" });
		store.addOwnerRating({ run_id: second, rating: 0.5, label: null, note: null });
		const latest = store.addOwnerRating({ run_id: first, rating: 0.9, label: "ship", note: "fine after all" });
		expect(store.latestOwnerRating(first)).toEqual(latest);
		expect(store.latestOwnerRating(second)?.rating).toBe(0.5);
		const view = store.database.prepare("SELECT run_id, rating FROM latest_owner_ratings ORDER BY rating").all();
		expect(view).toEqual([
			{ run_id: second, rating: 0.5 },
			{ run_id: first, rating: 0.9 },
		]);
		expect(store.listLatestOwnerRatings("summarization").map((rating) => rating.rating)).toEqual([0.5, 0.9]);
	});

	it("refuses an unknown run", () => {
		expect(() => temporary.store.addOwnerRating({ run_id: "nope", rating: 1, label: null, note: null })).toThrow(
			NotFoundError,
		);
	});

	it("refuses a rating outside 0..1 and an unknown label, listing both", () => {
		const rate = () =>
			temporary.store.addOwnerRating({ run_id: first, rating: 1.5, label: "maybe" as OwnerRatingLabel, note: null });
		expect(rate).toThrow(BadInputError);
		expect(rate).toThrow(/label.*\n.*\n.*rating/s);
		expect(temporary.store.latestOwnerRating(first)).toBeNull();
	});

	it("holds 0..1 in the database too", () => {
		const insert = temporary.store.database.prepare("INSERT INTO owner_ratings (run_id, rating) VALUES (?, ?)");
		expect(() => insert.run(first, -0.1)).toThrow(/CHECK constraint/);
	});
});
