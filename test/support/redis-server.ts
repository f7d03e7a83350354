import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/** A redis-server of a test's own, on a free loopback port, without persistence. */
export interface TestRedis {
	readonly url: string;
	readonly port: number;
	stop(): Promise<void>;
}

/** A free loopback port (asked of the OS, then released for the server to take). */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once("error", reject);
		server.listen(0, "127.0.0.1", () => {
			const address = server.address();
			server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject()));
		});
	});
}

/** Starts Debian's redis-server (`.ci/run` installs it) and waits until it accepts connections. */
export async function startRedis(): Promise<TestRedis> {
	const port = await freePort();
	const child: ChildProcess = spawn(
		"redis-server",
		["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
		{ stdio: ["ignore", "pipe", "pipe"] },
	);
	await new Promise<void>((resolve, reject) => {
		let output = "";
		const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
		child.once("error", (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.stdout?.on("data", (chunk: Buffer) => {
			output += chunk.toString();
			if (output.includes("Ready to accept connections")) {
				clearTimeout(timer);
				resolve();
			}
		});
	});
	return {
		url: `redis://127.0.0.1:${port}/0`,
		port,
		stop: () =>
			new Promise((resolve) => {
				if (child.exitCode !== null) return resolve();
				child.once("exit", () => resolve());
				child.kill("SIGKILL");
			}),
	};
}
