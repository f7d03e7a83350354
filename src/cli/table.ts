/** Renders rows as an aligned plain-text table with a header rule, for terminals and logs. */
export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
	const widths = headers.map((header, column) =>
		Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)),
	);
	const line = (cells: readonly string[]) =>
		cells
			.map((cell, column) => cell.padEnd(widths[column] ?? 0))
			.join("  ")
			.trimEnd();
	return [line(headers), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}
