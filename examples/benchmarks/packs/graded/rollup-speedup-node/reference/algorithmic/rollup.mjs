/**
 * Rain totals per region (see the seeded module's comment for the contract), in one pass over the
 * readings: the last row per station and day wins through a map keyed by station, then day.
 */
export function summarize(stations, readings) {
	const byStation = new Map();
	for (const station of stations) byStation.set(station.id, new Map());
	for (const reading of readings) byStation.get(reading.station)?.set(reading.day, reading.mm);
	const byRegion = new Map();
	for (const station of stations) {
		let row = byRegion.get(station.region);
		if (row === undefined) {
			row = { region: station.region, stations: 0, total_mm: 0, wet_days: 0, wettest: null, best: -1 };
			byRegion.set(station.region, row);
		}
		row.stations++;
		const days = byStation.get(station.id);
		if (days.size === 0) continue;
		let total = 0;
		for (const mm of days.values()) {
			total += mm;
			if (mm > 0) row.wet_days++;
		}
		row.total_mm += total;
		if (total > row.best || (total === row.best && station.id < row.wettest)) {
			row.wettest = station.id;
			row.best = total;
		}
	}
	const out = [];
	for (const { best: _best, ...row } of byRegion.values()) out.push(row);
	out.sort((a, b) => b.total_mm - a.total_mm || (a.region < b.region ? -1 : a.region > b.region ? 1 : 0));
	return { count: out.length, regions: out };
}
