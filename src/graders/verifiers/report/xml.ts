/** One element of a parsed XML document. */
export interface XmlElement {
	/** Tag name, e.g. `testcase`. */
	readonly name: string;
	/** Attributes with entities decoded. */
	readonly attributes: Readonly<Record<string, string>>;
	/** Child elements, in document order. */
	readonly children: readonly XmlElement[];
	/** Text and CDATA directly inside the element, concatenated, entities decoded. */
	readonly text: string;
}

/** What {@link parseXml} returns: the root element, or where and why the text is not XML. */
export type ParsedXml =
	| { readonly ok: true; readonly root: XmlElement }
	| { readonly ok: false; readonly problem: string };

interface MutableElement {
	name: string;
	attributes: Record<string, string>;
	children: MutableElement[];
	text: string;
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const ATTRIBUTE = /\s+([A-Za-z_:][-A-Za-z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;

/**
 * A small, strict XML reader for test reports (junit XML from node:test and pytest): elements,
 * attributes, text, CDATA, comments, processing instructions and a doctype, with the five named
 * entities and numeric character references. No namespaces or DTD entities: reports use none, and
 * a hand-rolled reader keeps the graders free of a runtime dependency.
 */
export function parseXml(text: string): ParsedXml {
	const stack: MutableElement[] = [];
	let root: MutableElement | null = null;
	let index = 0;
	const fail = (why: string): ParsedXml => ({ ok: false, problem: `${why} at offset ${index}` });

	while (index < text.length) {
		const open = text.indexOf("<", index);
		const chunk = text.slice(index, open === -1 ? text.length : open);
		const top = stack[stack.length - 1];
		if (top !== undefined) top.text += decodeEntities(chunk);
		else if (chunk.trim() !== "") return fail("text outside the root element");
		if (open === -1) break;
		index = open;
		if (text.startsWith("<!--", index)) {
			const end = text.indexOf("-->", index + 4);
			if (end === -1) return fail("unclosed comment");
			index = end + 3;
		} else if (text.startsWith("<![CDATA[", index)) {
			const end = text.indexOf("]]>", index + 9);
			if (end === -1 || top === undefined) return fail("misplaced or unclosed CDATA");
			top.text += text.slice(index + 9, end);
			index = end + 3;
		} else if (text.startsWith("<?", index) || text.startsWith("<!", index)) {
			const end = text.indexOf(">", index);
			if (end === -1) return fail("unclosed declaration");
			index = end + 1;
		} else if (text.startsWith("</", index)) {
			NAME.lastIndex = index + 2;
			const name = NAME.exec(text)?.[0];
			const element = stack.pop();
			if (name === undefined || element?.name !== name) return fail(`unexpected closing tag </${name ?? ""}>`);
			index = NAME.lastIndex;
			while (/\s/.test(text[index] ?? "")) index++;
			if (text[index] !== ">") return fail(`malformed closing tag </${name}>`);
			index++;
		} else {
			NAME.lastIndex = index + 1;
			const name = NAME.exec(text)?.[0];
			if (name === undefined) return fail("malformed tag");
			index = NAME.lastIndex;
			const element: MutableElement = { name, attributes: {}, children: [], text: "" };
			for (;;) {
				ATTRIBUTE.lastIndex = index;
				const attribute = ATTRIBUTE.exec(text);
				if (attribute === null) break;
				element.attributes[attribute[1] as string] = decodeEntities(attribute[2] ?? attribute[3] ?? "");
				index = ATTRIBUTE.lastIndex;
			}
			while (/\s/.test(text[index] ?? "")) index++;
			const selfClosing = text.startsWith("/>", index);
			if (!selfClosing && text[index] !== ">") return fail(`malformed tag <${name}>`);
			index += selfClosing ? 2 : 1;
			if (top !== undefined) top.children.push(element);
			else if (root === null) root = element;
			else return fail("a second root element");
			if (!selfClosing) stack.push(element);
		}
	}
	if (stack.length > 0) return fail(`unclosed element <${stack[stack.length - 1]?.name}>`);
	if (root === null) return { ok: false, problem: "no root element" };
	return { ok: true, root };
}

/** Every element named `name` below `element`, depth first, in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
	const found: XmlElement[] = [];
	for (const child of element.children) {
		if (child.name === name) found.push(child);
		found.push(...descendants(child, name));
	}
	return found;
}

const NAMED: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
	if (!text.includes("&")) return text;
	return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, entity: string) => {
		if (entity.startsWith("#x")) return safeCodePoint(Number.parseInt(entity.slice(2), 16), whole);
		if (entity.startsWith("#")) return safeCodePoint(Number.parseInt(entity.slice(1), 10), whole);
		return NAMED[entity] ?? whole;
	});
}

function safeCodePoint(code: number, fallback: string): string {
	return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}
