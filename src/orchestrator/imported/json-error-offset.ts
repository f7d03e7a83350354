/**
 * The offset of the first character at which `text` stops being JSON (its length when it ends
 * early), or null when it is JSON. Run only after JSON.parse refused the text, to place the
 * problem: Node 20's messages name a position for some errors and not for others
 * (`Unexpected token 'p', "promptfoo "... is not valid JSON`). Iterative, so deep nesting cannot
 * overflow the stack.
 */
export function jsonErrorOffset(text: string): number | null {
	let at = 0;
	const space = () => {
		while (at < text.length && " \t\n\r".includes(text[at] as string)) at++;
	};
	const literal = (word: string) => {
		if (text.startsWith(word, at)) at += word.length;
		else return false;
		return true;
	};
	const string = (): boolean => {
		if (text[at] !== '"') return false;
		for (at++; at < text.length; at++) {
			const char = text.charCodeAt(at);
			if (char === 0x22) {
				at++;
				return true;
			}
			if (char < 0x20) return false;
			if (char !== 0x5c) continue;
			at++;
			const escaped = text[at];
			if (escaped === "u") {
				if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 1, at + 5))) return false;
				at += 4;
			} else if (escaped === undefined || !'"\\/bfnrt'.includes(escaped)) return false;
		}
		return false;
	};
	const number = (): boolean => {
		const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(at, at + 400));
		if (match === null) return false;
		at += match[0].length;
		return true;
	};
	// What each open container expects next: a value, a key, or a comma or its end.
	const stack: ("array" | "object")[] = [];
	let expect: "value" | "key" | "next" | "first-value" | "first-key" = "value";
	for (;;) {
		space();
		if (at >= text.length) return stack.length === 0 && expect === "next" ? null : text.length;
		const char = text[at];
		if (expect === "next") {
			const open = stack.at(-1);
			if (open === undefined) return at; // something after the document
			if (char === ",") {
				at++;
				expect = open === "array" ? "value" : "key";
			} else if ((char === "]" && open === "array") || (char === "}" && open === "object")) {
				at++;
				stack.pop();
			} else return at;
			continue;
		}
		if (expect === "key" || expect === "first-key") {
			if (expect === "first-key" && char === "}") {
				at++;
				stack.pop();
				expect = "next";
				continue;
			}
			if (!string()) return at;
			space();
			if (text[at] !== ":") return at;
			at++;
			expect = "value";
			continue;
		}
		if (expect === "first-value" && char === "]") {
			at++;
			stack.pop();
			expect = "next";
			continue;
		}
		if (char === "[" || char === "{") {
			at++;
			stack.push(char === "[" ? "array" : "object");
			expect = char === "[" ? "first-value" : "first-key";
			continue;
		}
		const ok =
			char === '"'
				? string()
				: char === "t"
					? literal("true")
					: char === "f"
						? literal("false")
						: char === "n"
							? literal("null")
							: number();
		if (!ok) return at;
		expect = "next";
	}
}
