import type { Command } from "commander";
import { loadScript, startScriptedServer } from "../../scripted-server/index.js";
import { port } from "../flag-parsers.js";
import { type CliIo, printLine } from "../io.js";

/** `touchstone scripted-server`: the offline stand-in model endpoint, until Ctrl-C. */
export function registerScriptedServerCommand(program: Command, io: CliIo): void {
	program
		.command("scripted-server")
		.description(
			"serve a scripted stand-in for hosted models (OpenAI and Anthropic wire) on loopback, for tests and offline demos",
		)
		.requiredOption("--script <file>", "YAML or JSON script: per model, rules, latency, usage, cost and faults")
		.option("--port <n>", "port to listen on (0: any free port)", port, 0)
		.option("--host <host>", "address to bind", "127.0.0.1")
		.action(async (options: { script: string; port: number; host: string }) => {
			const server = await startScriptedServer({
				script: await loadScript(options.script),
				port: options.port,
				host: options.host,
			});
			printLine(io, `scripted stand-in server (not a real model) on ${server.url}`);
			printLine(io, `  OpenAI wire: ${server.url}/v1/chat/completions · Anthropic wire: ${server.url}/v1/messages`);
			printLine(io, `  request counts: ${server.url}/stats · Ctrl-C to stop`);
			await new Promise<void>((resolve) => {
				const stop = () => {
					process.off("SIGINT", stop);
					process.off("SIGTERM", stop);
					resolve();
				};
				process.on("SIGINT", stop);
				process.on("SIGTERM", stop);
			});
			await server.close();
		});
}
