import { spawn } from "node:child_process";

/** Whether a browser was started on a URL, and with what, or why not. */
export type Opened = { readonly ok: true; readonly opener: string } | { readonly ok: false; readonly reason: string };

/**
 * Starts a browser on `url` for `touchstone view --open`: `$BROWSER` when set (the convention of
 * xdg-utils and Python's webbrowser: a command, `%s` standing for the URL, else the URL appended),
 * otherwise the system's opener (`xdg-open`, `open`, `start`). The browser is detached: it outlives
 * the server. Resolves once the opener has started (or failed to); never throws.
 */
export function openInBrowser(url: string, env: NodeJS.ProcessEnv, platform = process.platform): Promise<Opened> {
	const [program, ...args] = openerCommand(url, env, platform);
	if (program === undefined) return Promise.resolve({ ok: false, reason: "BROWSER is empty" });
	return new Promise((resolve) => {
		const child = spawn(program, args, { detached: true, stdio: "ignore", env });
		child.once("error", (error: NodeJS.ErrnoException) =>
			resolve({
				ok: false,
				reason: error.code === "ENOENT" ? `${program}: not found` : `${program}: ${error.message}`,
			}),
		);
		child.once("spawn", () => {
			child.unref();
			resolve({ ok: true, opener: program });
		});
	});
}

/** The command line that opens `url`: `$BROWSER`'s, or the platform's opener. */
export function openerCommand(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
	const browser = env.BROWSER?.trim();
	if (browser !== undefined && browser !== "") {
		// BROWSER may list fallbacks separated by ':'; the first one is used.
		const words = (browser.split(":")[0] ?? "").split(/\s+/).filter((word) => word !== "");
		return words.some((word) => word.includes("%s"))
			? words.map((word) => word.replaceAll("%s", url))
			: [...words, url];
	}
	if (platform === "darwin") return ["open", url];
	if (platform === "win32") return ["cmd", "/c", "start", '""', url];
	return ["xdg-open", url];
}
