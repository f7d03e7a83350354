import type { Command } from "commander";
import { COUNT_BOUNDS } from "../../input/index.js";
import { defaultRunParts, parseQueueUrl, redactedUrl, runQueueWorker, StopControl } from "../../orchestrator/index.js";
import { type DirOptions, loadFromDirOption, withDirOption } from "../definitions-option.js";
import { integerUpTo } from "../flag-parsers.js";
import type { CliIo } from "../io.js";
import { VERSION } from "../package-info.js";

interface WorkerFlags extends DirOptions {
	readonly queue: string;
	readonly concurrency: number;
	readonly lockMs: number;
	readonly quiet?: boolean;
}

/**
 * `touchstone worker --queue URL`: runs the cells coordinators (`touchstone run --queue URL`) put
 * on the Redis, from this machine's own definitions, fixtures and keys, and returns each result
 * to the coordinator, which alone writes the store. Runs until Ctrl-C: the first lets the cells
 * in flight finish and be answered, the second leaves them (they return to the queue when this
 * worker's lock lapses, and another worker runs them).
 */
export function registerWorkerCommand(program: Command, io: CliIo): void {
	withDirOption(program.command("worker"))
		.description("run the cells that `touchstone run --queue URL` puts on a Redis queue, until Ctrl-C")
		.requiredOption(
			"--queue <url>",
			"the coordinator's Redis: redis://HOST:PORT[/DB] (rediss:// for TLS)",
			(value: string) => parseQueueUrl(value),
		)
		.option("--concurrency <n>", "cells in flight at once on this worker", integerUpTo(COUNT_BOUNDS.concurrency), 8)
		.option(
			"--lock-ms <ms>",
			"how long a cell stays this worker's without a sign of life: a killed worker's cells go to another after about this long",
			integerUpTo(3_600_000),
			30_000,
		)
		.option("--quiet", "print only the start and the end, not a line per cell")
		.action(async (flags: WorkerFlags) => {
			const definitions = loadFromDirOption(flags.dir, flags.allowPath);
			const stop = new StopControl();
			const onSignal = () => {
				const count = stop.request();
				if (count === 1)
					io.stderr.write("\nstopping: taking no new cells; finishing those in flight (Ctrl-C again to leave them)\n");
				else {
					io.stderr.write("\nleaving the cells in flight: they return to the queue when this worker's lock lapses\n");
					process.exit(130);
				}
			};
			process.on("SIGINT", onSignal);
			process.on("SIGTERM", onSignal);
			io.stderr.write(`worker on ${redactedUrl(flags.queue)}, ${flags.concurrency} cells at once; Ctrl-C to stop\n`);
			try {
				const summary = await runQueueWorker({
					url: flags.queue,
					definitions,
					parts: defaultRunParts(io.env),
					concurrency: flags.concurrency,
					lockMs: flags.lockMs,
					stop,
					version: VERSION,
					hooks: {
						onJoin: (queue) => io.stderr.write(`serving ${queue}\n`),
						onLeave: (queue) => io.stderr.write(`done with ${queue}\n`),
						onCell: (event) => {
							if (flags.quiet !== true)
								io.stderr.write(`${event.queue} ${event.cell_key.slice(0, 12)} ${event.status} ${event.ms} ms\n`);
						},
						onRefused: (event) =>
							io.stderr.write(
								`refused ${event.cell_key?.slice(0, 12) ?? "a job"} of ${event.queue}: ${event.reason}\n`,
							),
					},
				});
				io.stderr.write(`worker ${summary.id} stopped: ${summary.cells} cells answered, ${summary.refused} refused\n`);
			} finally {
				process.off("SIGINT", onSignal);
				process.off("SIGTERM", onSignal);
			}
		});
}
