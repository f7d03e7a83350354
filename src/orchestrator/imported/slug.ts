/**
 * `text` as an id of lowercase letters, digits and `-` (accents dropped, every other run of
 * characters one `-`), at most `max` characters; empty when nothing of it is left (a description
 * all in punctuation or a script without Latin letters), so the caller falls back to another id.
 */
export function slug(text: string, max = 64): string {
	return text
		.normalize("NFKD")
		.replace(/[\u0300-\u036f]/g, "")
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, "-")
		.replace(/^-+/, "")
		.slice(0, max)
		.replace(/-+$/, "");
}

/** `base`, or `base-2`, `base-3` … : the first not in `taken`, which it is added to. */
export function unique(base: string, taken: Set<string>): string {
	let id = base;
	for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
	taken.add(id);
	return id;
}
