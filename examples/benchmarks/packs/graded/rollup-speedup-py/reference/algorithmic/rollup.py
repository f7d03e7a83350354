"""Rain totals per region, from weather-station metadata and daily readings."""


def summarize(stations, readings):
    """Summarize daily rain readings by region (see the task's docstring): one pass over the
    readings into a (station, day) -> mm map, last row winning, then one pass over the stations."""
    known = {station["id"] for station in stations}
    latest = {}
    for reading in readings:
        if reading["station"] in known:
            latest[(reading["station"], reading["day"])] = reading["mm"]
    per_station = {}
    for (station_id, _day), mm in latest.items():
        entry = per_station.setdefault(station_id, [0, 0])
        entry[0] += mm
        if mm > 0:
            entry[1] += 1
    by_region = {}
    for station in stations:
        row = by_region.get(station["region"])
        if row is None:
            row = by_region[station["region"]] = {
                "region": station["region"], "stations": 0, "total_mm": 0, "wet_days": 0, "wettest": None,
            }
            row["best"] = -1
        row["stations"] += 1
        entry = per_station.get(station["id"])
        if entry is None:
            continue
        row["total_mm"] += entry[0]
        row["wet_days"] += entry[1]
        if entry[0] > row["best"] or (entry[0] == row["best"] and station["id"] < row["wettest"]):
            row["wettest"] = station["id"]
            row["best"] = entry[0]
    out = []
    for row in by_region.values():
        del row["best"]
        out.append(row)
    out.sort(key=lambda row: (-row["total_mm"], row["region"]))
    return {"count": len(out), "regions": out}
