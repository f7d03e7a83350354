import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium (`apt-get install chromium`); no browser is ever downloaded. */
export const CHROMIUM = "/usr/bin/chromium";

/** What a root, offline machine without a GPU needs: no sandbox, no background traffic (refused here). */
const CHROMIUM_ARGS = [
	"--no-sandbox",
	"--disable-gpu",
	"--disable-quic",
	"--no-first-run",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
];

/**
 * Headless Chromium for the dashboard's benchmark and browser tests, or an error that says how
 * to install it (`who` names what needs it).
 */
export async function launchChromium(who: string): Promise<Browser> {
	if (!existsSync(CHROMIUM))
		throw new Error(`${who} needs Debian's Chromium at ${CHROMIUM}: apt-get install -y chromium (.ci/run does)`);
	return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}
