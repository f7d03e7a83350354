import assert from "node:assert/strict";
import { test } from "node:test";
import { formatDuration, parseDuration } from "../src/duration.mjs";

test("formatDuration writes the largest units first and leaves out zero parts", () => {
	assert.equal(formatDuration(5_400_000), "1h 30m");
	assert.equal(formatDuration(90_061_001), "1d 1h 1m 1s 1ms");
	assert.equal(formatDuration(691_200_000), "1w 1d");
	assert.equal(formatDuration(3_600_005), "1h 5ms");
	assert.equal(formatDuration(250), "250ms");
});

test("formatDuration writes zero as 0s and a negative duration with a minus", () => {
	assert.equal(formatDuration(0), "0s");
	assert.equal(formatDuration(-5_400_000), "-1h 30m");
	assert.equal(formatDuration(-1), "-1ms");
});

test("formatDuration keeps at most the asked number of parts", () => {
	assert.equal(formatDuration(5_430_000, { parts: 1 }), "1h");
	assert.equal(formatDuration(90_061_001, { parts: 2 }), "1d 1h");
	assert.equal(formatDuration(3_600_005, { parts: 1 }), "1h");
	assert.equal(formatDuration(5_400_000, { parts: 5 }), "1h 30m");
	assert.throws(() => formatDuration(1.5), RangeError);
});

test("formatDuration output parses back to the same duration", () => {
	for (const ms of [0, 1, 999, 1_000, 59_999, 5_400_000, -5_400_000, 90_061_001, 694_861_001])
		assert.equal(parseDuration(formatDuration(ms)), ms, String(ms));
});
