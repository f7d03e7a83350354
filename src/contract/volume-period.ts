/**
 * The period of a volume snapshot (production traffic of a use case), as written in a usage file
 * and shown back: a calendar month `YYYY-MM`, or an inclusive range of days
 * `YYYY-MM-DD/YYYY-MM-DD`. Stored as UTC instants, the end exclusive (the start of the next day).
 */
export interface VolumePeriod {
	/** First instant of the period (UTC ISO-8601). */
	readonly start: string;
	/** First instant after the period (UTC ISO-8601): the end is exclusive. */
	readonly end: string;
}

const MONTH = /^(\d{4})-(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** The period `text` names, or null when it is neither `YYYY-MM` nor `YYYY-MM-DD/YYYY-MM-DD` (start ≤ end). */
export function parseVolumePeriod(text: string): VolumePeriod | null {
	const month = MONTH.exec(text);
	if (month !== null) {
		const [year, index] = [Number(month[1]), Number(month[2]) - 1];
		if (index < 0 || index > 11 || year < 1970) return null;
		return {
			start: new Date(Date.UTC(year, index, 1)).toISOString(),
			end: new Date(Date.UTC(year, index + 1, 1)).toISOString(),
		};
	}
	const [first, last, extra] = text.split("/");
	if (first === undefined || last === undefined || extra !== undefined) return null;
	const start = dayStart(first);
	const end = dayStart(last);
	if (start === null || end === null || end < start) return null;
	return { start: new Date(start).toISOString(), end: new Date(end + DAY_MS).toISOString() };
}

/** How a stored period reads: `YYYY-MM` for a calendar month, else `YYYY-MM-DD/YYYY-MM-DD` (inclusive days). */
export function volumePeriodLabel(period: VolumePeriod): string {
	const start = new Date(period.start);
	const end = new Date(period.end);
	const monthAfter = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
	if (start.getTime() === Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1) && end.getTime() === monthAfter)
		return period.start.slice(0, 7);
	return `${period.start.slice(0, 10)}/${new Date(end.getTime() - DAY_MS).toISOString().slice(0, 10)}`;
}

/** Milliseconds of the start of day `text` (`YYYY-MM-DD`, a real calendar day), or null. */
function dayStart(text: string): number | null {
	const day = DAY.exec(text);
	// Date.UTC reads years below 100 as 19xx: usage data before 1970 is a typo.
	if (day === null || Number(day[1]) < 1970) return null;
	const time = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
	// Date.UTC rolls 2026-02-30 over into March: a day that does not exist is refused.
	return new Date(time).toISOString().slice(0, 10) === text ? time : null;
}
