import assert from "node:assert/strict";
import { test } from "node:test";
import { UNITS, unitMs } from "../src/units.mjs";

test("unitMs knows every unit by its short name and aliases, in any case", () => {
	assert.deepEqual(
		UNITS.map((unit) => unit.name),
		["w", "d", "h", "m", "s", "ms"],
	);
	for (const unit of UNITS) {
		assert.ok(unit.aliases.includes(unit.name), `${unit.name} is one of its own aliases`);
		for (const alias of unit.aliases) assert.equal(unitMs(alias), unit.ms, alias);
	}
	assert.equal(unitMs("weeks"), 604_800_000);
	assert.equal(unitMs("days"), 86_400_000);
	assert.equal(unitMs("hr"), 3_600_000);
	assert.equal(unitMs("mins"), 60_000);
	assert.equal(unitMs("sec"), 1_000);
	assert.equal(unitMs("msec"), 1);
	assert.equal(unitMs("H"), 3_600_000);
	assert.equal(unitMs("Hours"), 3_600_000);
	assert.equal(unitMs("MS"), 1);
});

test("unitMs returns null for an unknown unit", () => {
	assert.equal(unitMs("fortnight"), null);
	assert.equal(unitMs(""), null);
	assert.equal(unitMs("x"), null);
});
