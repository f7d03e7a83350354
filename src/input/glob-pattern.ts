/**
 * Compiles a glob into a RegExp matching whole `/`-separated relative paths: `**` is any number
 * of folders (`**\/*.md` matches `a.md` and `docs/a.md`), `*` any run of characters within a
 * name, `?` one character, `[abc]` a character class, `{a,b}` alternatives. Unlike a shell,
 * wildcards also match names starting with `.`, so `**\/.env` and `*` reach dotfiles.
 */
export function globToRegExp(glob: string): RegExp {
	const segments = glob.split("/").filter((segment, index) => segment !== "" && !(segment === "." && index === 0));
	let source = "";
	segments.forEach((segment, index) => {
		const last = index === segments.length - 1;
		if (segment === "**") source += last ? ".*" : "(?:[^/]+/)*";
		else source += globSegmentSource(segment) + (last ? "" : "/");
	});
	return new RegExp(`^${source}$`);
}

/**
 * The RegExp source of one path segment of a glob (`*`, `?`, `[abc]`, `{a,b}`; no `/`), for
 * matching a single file or folder name.
 */
export function globSegmentSource(segment: string): string {
	let source = "";
	for (let index = 0; index < segment.length; index++) {
		const char = segment[index] as string;
		if (char === "*") source += "[^/]*";
		else if (char === "?") source += "[^/]";
		else if (char === "[") {
			const end = segment.indexOf("]", index + 2);
			if (end === -1) source += "\\[";
			else {
				const body = segment
					.slice(index + 1, end)
					.replace(/^!/, "^")
					.replace(/\\/g, "\\\\");
				source += `[${body}]`;
				index = end;
			}
		} else if (char === "{") {
			const end = segment.indexOf("}", index);
			if (end === -1) source += "\\{";
			else {
				source += `(?:${segment
					.slice(index + 1, end)
					.split(",")
					.map(globSegmentSource)
					.join("|")})`;
				index = end;
			}
		} else source += char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
	}
	return source;
}
