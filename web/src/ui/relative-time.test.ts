import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time.js";

describe("relative times", () => {
	const now = Date.parse("2026-12-02T12:00:00.000Z");

	it("says how long ago in the largest unit that fits", () => {
		expect(relativeTime("2026-12-02T11:57:00.000Z", now)).toBe("3 minutes ago");
		expect(relativeTime("2026-11-30T12:00:00.000Z", now)).toBe("2 days ago");
		expect(relativeTime("2026-12-02T11:59:58.000Z", now)).toBe("2 seconds ago");
		expect(relativeTime("2026-12-02T12:00:00.000Z", now)).toBe("now");
	});

	it("says never for no time, and keeps an unreadable one as it is", () => {
		expect(relativeTime(null, now)).toBe("never");
		expect(relativeTime("soon", now)).toBe("soon");
	});
});
