/** An object of a JSON text being scanned: the keys seen so far, and whether a key comes next. */
interface ObjectFrame {
	readonly keys: Set<string>;
	readonly path: string;
	expectsKey: boolean;
	lastKey: string;
}

/**
 * The first key that appears twice in one object of a JSON text, as a dotted path
 * (`hallucination`, `scores.accuracy`), or null when every object's keys are distinct. JSON.parse
 * keeps the last of repeated keys silently, so a juror (or a model graded on its JSON) could say
 * `"hallucination": false` where a reader looks and `true` where the parser does; such a text is
 * ambiguous and must be refused, not read. Keys are compared decoded (`"a"` and `"\u0061"` are the
 * same key). Expects text that JSON.parse accepts; on other text the answer means nothing.
 */
export function duplicateKey(text: string): string | null {
	// One entry per open object or array; arrays need no state.
	const stack: (ObjectFrame | null)[] = [];
	for (let index = 0; index < text.length; index++) {
		const char = text[index];
		const top = stack.at(-1);
		if (char === '"') {
			const end = stringEnd(text, index);
			if (top?.expectsKey === true) {
				const key = JSON.parse(text.slice(index, end + 1)) as string;
				if (top.keys.has(key)) return top.path === "" ? key : `${top.path}.${key}`;
				top.keys.add(key);
				top.lastKey = key;
				top.expectsKey = false;
			}
			index = end;
		} else if (char === "{") {
			const path = top === undefined ? "" : top === null ? `${parentPath(stack)}[]` : join(top.path, top.lastKey);
			stack.push({ keys: new Set(), path, expectsKey: true, lastKey: "" });
		} else if (char === "[") stack.push(null);
		else if (char === "}" || char === "]") stack.pop();
		else if (char === "," && top !== undefined && top !== null) top.expectsKey = true;
	}
	return null;
}

/** Index of the quote closing the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
	for (let index = start + 1; index < text.length; index++) {
		const char = text[index];
		if (char === "\\") index++;
		else if (char === '"') return index;
	}
	return text.length - 1;
}

/** The path of the innermost object around an array at the top of `stack`. */
function parentPath(stack: readonly (ObjectFrame | null)[]): string {
	for (let index = stack.length - 1; index >= 0; index--) {
		const frame = stack[index];
		if (frame !== null && frame !== undefined) return join(frame.path, frame.lastKey);
	}
	return "";
}

function join(path: string, key: string): string {
	return path === "" ? key : `${path}.${key}`;
}
