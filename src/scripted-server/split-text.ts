/** Splits text into about `count` pieces, cutting after spaces where it can; never returns an empty list. */
export function splitText(text: string, count: number): string[] {
	if (text.length === 0) return [""];
	const size = Math.max(1, Math.ceil(text.length / count));
	const pieces: string[] = [];
	let start = 0;
	while (start < text.length) {
		let end = Math.min(text.length, start + size);
		const space = text.indexOf(" ", end);
		if (end < text.length && space !== -1 && space - end < size / 2) end = space + 1;
		pieces.push(text.slice(start, end));
		start = end;
	}
	return pieces;
}
