"""Rain totals per region, from weather-station metadata and daily readings."""


def summarize(stations, readings):
    """The seeded algorithm with every rescan kept, tuned in place: the output list preallocated
    and filled by index, bound methods hoisted out of the loops. The same work, the same speed."""
    regions = []
    for station in stations:
        if station["region"] not in regions:
            regions.append(station["region"])
    out = [None] * len(regions)
    for index, region in enumerate(regions):
        members = [station for station in stations if station["region"] == region]
        total = 0
        wet = 0
        wettest = None
        wettest_total = -1
        for station in members:
            days = []
            add_day = days.append
            for reading in readings:
                if reading["station"] == station["id"] and reading["day"] not in days:
                    add_day(reading["day"])
            station_total = 0
            for day in days:
                mm = 0
                for reading in readings:
                    if reading["station"] == station["id"] and reading["day"] == day:
                        mm = reading["mm"]
                station_total += mm
                if mm > 0:
                    wet += 1
            total += station_total
            if days and (
                station_total > wettest_total or (station_total == wettest_total and station["id"] < wettest)
            ):
                wettest = station["id"]
                wettest_total = station_total
        out[index] = {"region": region, "stations": len(members), "total_mm": total, "wet_days": wet, "wettest": wettest}
    out.sort(key=lambda row: (-row["total_mm"], row["region"]))
    return {"count": len(out), "regions": out}
