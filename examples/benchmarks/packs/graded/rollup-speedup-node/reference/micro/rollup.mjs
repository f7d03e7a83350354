/**
 * Rain totals per region (see the seeded module's comment for the contract): a micro-optimisation
 * that keeps the seeded rescans of every reading per station and day, and only tidies what is
 * around them (a Set to find the regions, one pass to group the stations, rows preallocated).
 * The hot path is unchanged, so it runs at about 1x: score 0.
 */
export function summarize(stations, readings) {
	const seen = new Set();
	const regions = [];
	const members = [];
	for (const station of stations) {
		if (!seen.has(station.region)) {
			seen.add(station.region);
			regions.push(station.region);
			members.push([]);
		}
		members[regions.indexOf(station.region)].push(station);
	}
	const out = new Array(regions.length);
	for (let index = 0; index < regions.length; index++) {
		let total = 0;
		let wet = 0;
		let wettest = null;
		let wettestTotal = -1;
		for (const station of members[index]) {
			const days = [];
			for (const reading of readings)
				if (reading.station === station.id && !days.includes(reading.day)) days.push(reading.day);
			let stationTotal = 0;
			for (const day of days) {
				let mm = 0;
				for (const reading of readings) if (reading.station === station.id && reading.day === day) mm = reading.mm;
				stationTotal += mm;
				if (mm > 0) wet++;
			}
			total += stationTotal;
			if (days.length > 0 && (stationTotal > wettestTotal || (stationTotal === wettestTotal && station.id < wettest))) {
				wettest = station.id;
				wettestTotal = stationTotal;
			}
		}
		out[index] = { region: regions[index], stations: members[index].length, total_mm: total, wet_days: wet, wettest };
	}
	out.sort((a, b) => b.total_mm - a.total_mm || (a.region < b.region ? -1 : a.region > b.region ? 1 : 0));
	return { count: out.length, regions: out };
}
