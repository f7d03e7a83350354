import assert from "node:assert/strict";
import { test } from "node:test";
import { formatDuration, parseDuration } from "../src/duration.mjs";

test("parses one number and one unit", () => {
	assert.equal(parseDuration("250ms"), 250);
	assert.equal(parseDuration("90s"), 90_000);
	assert.equal(parseDuration("2m"), 120_000);
	assert.equal(parseDuration(" 1h "), 3_600_000);
});

test("refuses what is not a duration", () => {
	for (const text of ["", "90", "abc", "1x"]) assert.throws(() => parseDuration(text), RangeError);
});

test("formats as a clock", () => {
	assert.equal(formatDuration(0), "00:00:00");
	assert.equal(formatDuration(5_400_000), "01:30:00");
	assert.equal(formatDuration(3_723_999), "01:02:03");
});
