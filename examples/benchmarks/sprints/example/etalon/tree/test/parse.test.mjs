import assert from "node:assert/strict";
import { test } from "node:test";
import { parseDuration } from "../src/duration.mjs";

test("parseDuration adds the parts of a compound duration", () => {
	assert.equal(parseDuration("90s"), 90_000);
	assert.equal(parseDuration("1h 30m"), 5_400_000);
	assert.equal(parseDuration("1h30m"), 5_400_000);
	assert.equal(parseDuration("2 days 4 hours"), 187_200_000);
	assert.equal(parseDuration("1w 1d 1h 1m 1s 1ms"), 694_861_001);
	assert.equal(parseDuration(" 3 Minutes "), 180_000);
});

test("parseDuration reads decimal amounts", () => {
	assert.equal(parseDuration("1.5h"), 5_400_000);
	assert.equal(parseDuration("0.25s"), 250);
	assert.equal(parseDuration("2.5 days"), 216_000_000);
	assert.equal(parseDuration("0.0004s"), 0);
	assert.equal(parseDuration("1.0006s"), 1_001);
});

test("parseDuration negates a duration with a leading minus", () => {
	assert.equal(parseDuration("-45s"), -45_000);
	assert.equal(parseDuration("-1h 30m"), -5_400_000);
	assert.equal(parseDuration("- 2d"), -172_800_000);
});

test("parseDuration rejects text that is not a duration", () => {
	for (const text of ["", "  ", "-", "90", "1h 30", "5m!", "3 fortnights", "1h -30m", "h", "1..5h", "--1h"])
		assert.throws(() => parseDuration(text), RangeError, JSON.stringify(text));
	assert.throws(() => parseDuration("3 fortnights"), /fortnights/);
});
