import { describe, expect, it } from "vitest";
import { openerCommand, openInBrowser } from "./open-browser.js";

const URL = "http://127.0.0.1:33800/";

describe("the command that opens the dashboard", () => {
	it("uses $BROWSER first: %s stands for the URL, else the URL is appended; the first of a : list", () => {
		expect(openerCommand(URL, { BROWSER: "firefox --new-tab" }, "linux")).toEqual(["firefox", "--new-tab", URL]);
		expect(openerCommand(URL, { BROWSER: "chromium --app=%s" }, "linux")).toEqual(["chromium", `--app=${URL}`]);
		expect(openerCommand(URL, { BROWSER: "w3m:lynx" }, "linux")).toEqual(["w3m", URL]);
	});

	it("falls back to the platform's opener", () => {
		expect(openerCommand(URL, {}, "linux")).toEqual(["xdg-open", URL]);
		expect(openerCommand(URL, { BROWSER: "  " }, "linux")).toEqual(["xdg-open", URL]);
		expect(openerCommand(URL, {}, "darwin")).toEqual(["open", URL]);
		expect(openerCommand(URL, {}, "win32")).toEqual(["cmd", "/c", "start", '""', URL]);
	});

	it("reports a missing opener as data instead of throwing", async () => {
		expect(await openInBrowser(URL, { BROWSER: "/no/such/browser-touchstone" })).toEqual({
			ok: false,
			reason: "/no/such/browser-touchstone: not found",
		});
	});
});
