import { describe, expect, it } from "vitest";
import { descendants, parseXml } from "./xml.js";

describe("parseXml", () => {
	it("reads elements, attributes, text, CDATA and entities, skipping comments and declarations", () => {
		const parsed = parseXml(
			`<?xml version="1.0"?>\n<!DOCTYPE x><a k="1 &lt; 2" q='&quot;&#65;&#x42;'><!-- note --><b/>t&amp;u<![CDATA[<raw>]]></a>`,
		);
		expect(parsed.ok).toBe(true);
		if (!parsed.ok) return;
		expect(parsed.root).toMatchObject({ name: "a", attributes: { k: "1 < 2", q: '"AB' }, text: "t&u<raw>" });
		expect(parsed.root.children.map((child) => child.name)).toEqual(["b"]);
	});

	it("finds descendants depth first", () => {
		const parsed = parseXml("<r><s><c n='1'/><s><c n='2'/></s></s><c n='3'/></r>");
		expect(parsed.ok && descendants(parsed.root, "c").map((c) => c.attributes.n)).toEqual(["1", "2", "3"]);
	});

	it("says where malformed XML breaks", () => {
		expect(parseXml("<a><b></a>")).toMatchObject({ ok: false, problem: /closing tag <\/a> at offset 6/ });
		expect(parseXml("<a>")).toMatchObject({ ok: false, problem: /unclosed element <a>/ });
		expect(parseXml("<a/><b/>")).toMatchObject({ ok: false, problem: /second root/ });
		expect(parseXml("just text")).toMatchObject({ ok: false });
		expect(parseXml("")).toEqual({ ok: false, problem: "no root element" });
	});
});
