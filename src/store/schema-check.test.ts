import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MIGRATIONS, openStore, openTemporaryStore, type TemporaryStore } from "./index.js";
import { schemaProblems } from "./schema-check.js";

let temporary: TemporaryStore;

beforeEach(() => {
	temporary = openTemporaryStore();
});

afterEach(() => temporary.remove());

describe("the schema check at open", () => {
	it("finds a fresh store as its migrations made it", () => {
		expect(schemaProblems(temporary.store.database, MIGRATIONS)).toEqual([]);
	});

	it("names a guard trigger replaced by a weaker one and a trigger no migration made, and refuses to open", () => {
		const { database } = temporary.store;
		database.exec(`DROP TRIGGER runs_no_update;
			CREATE TRIGGER runs_no_update BEFORE UPDATE ON runs WHEN 0 BEGIN SELECT RAISE(ABORT, 'no'); END;
			CREATE TRIGGER scores_swallow BEFORE INSERT ON scores BEGIN SELECT RAISE(IGNORE); END;`);
		expect(schemaProblems(database, MIGRATIONS)).toEqual([
			{ type: "trigger", name: "runs_no_update", problem: "changed" },
			{ type: "trigger", name: "scores_swallow", problem: "unexpected" },
		]);
		temporary.store.close();
		const open = () => openStore({ ...temporary.store.paths, readonly: true });
		expect(open).toThrow(
			/is damaged: its guard trigger runs_no_update differs .*scores_swallow that no migration made/,
		);
		expect(open).toThrow("touchstone verify");
		openStore({ ...temporary.store.paths, readonly: true, check_schema: false }).close();
	});
});
