import { request } from "node:http";
import { connect } from "node:net";

/** How long a probe's answer may take after its last byte is sent. */
export const ANSWER_BOUND_MS = 3_000;

/** What a server did with one probe. */
export interface ProbeReply {
	/** Status of every response read off the connection, in order (several when pipelined). */
	readonly statuses: readonly number[];
	/** Everything the server sent (bodies included), as latin1 text. */
	readonly text: string;
	/** No answer and no close within {@link ANSWER_BOUND_MS} of the last byte. */
	readonly timedOut: boolean;
	/** How the exchange failed on our side, if it did (a reset after the answer is normal). */
	readonly error: string | null;
}

/** Options of {@link sendBytes}. */
export interface SendOptions {
	/** Pause between chunks, for slow clients. */
	readonly gapMs?: number;
	/** Half-close our side this long after the last chunk (for bodies that never finish). */
	readonly endAfterMs?: number;
}

/**
 * Writes `chunks` to a fresh TCP connection to 127.0.0.1:port, byte for byte, and collects what
 * comes back until the server closes the connection or {@link ANSWER_BOUND_MS} passes after the
 * last chunk. Every status line in the reply is read, so pipelined answers count one by one.
 */
export function sendBytes(
	port: number,
	chunks: readonly (string | Buffer)[],
	options: SendOptions = {},
): Promise<ProbeReply> {
	return new Promise((resolve) => {
		const received: Buffer[] = [];
		let error: string | null = null;
		let settled = false;
		let timer: NodeJS.Timeout | undefined;
		const socket = connect(port, "127.0.0.1");
		const finish = (timedOut: boolean) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			socket.destroy();
			const text = Buffer.concat(received).toString("latin1");
			resolve({ statuses: statusesIn(text), text, timedOut, error });
		};
		socket.on("data", (chunk: Buffer) => received.push(chunk));
		socket.on("error", (problem: NodeJS.ErrnoException) => {
			error = problem.code ?? problem.message;
		});
		socket.on("close", () => finish(false));
		socket.on("connect", async () => {
			for (const [index, chunk] of chunks.entries()) {
				if (socket.destroyed) break;
				if (index > 0 && options.gapMs !== undefined) await pause(options.gapMs);
				socket.write(chunk);
			}
			if (options.endAfterMs !== undefined) {
				await pause(options.endAfterMs);
				if (!socket.destroyed) socket.end();
			}
			timer = setTimeout(() => finish(true), ANSWER_BOUND_MS);
		});
	});
}

/** One request through node:http (its own framing and headers, plus ours), on a fresh connection. */
export function sendRequest(
	port: number,
	method: string,
	path: string,
	headers: Record<string, string>,
	body?: string | Buffer,
): Promise<ProbeReply> {
	return new Promise((resolve) => {
		let settled = false;
		const finish = (reply: ProbeReply) => {
			if (settled) return;
			settled = true;
			resolve(reply);
		};
		const outgoing = request({ hostname: "127.0.0.1", port, path, method, headers, agent: false }, (incoming) => {
			const received: Buffer[] = [];
			incoming.on("data", (chunk: Buffer) => received.push(chunk));
			incoming.on("end", () =>
				finish({
					statuses: [incoming.statusCode ?? 0],
					text: Buffer.concat(received).toString("latin1"),
					timedOut: false,
					error: null,
				}),
			);
		});
		outgoing.setTimeout(ANSWER_BOUND_MS, () => {
			finish({ statuses: [], text: "", timedOut: true, error: null });
			outgoing.destroy();
		});
		outgoing.on("error", (problem: NodeJS.ErrnoException) =>
			finish({ statuses: [], text: "", timedOut: false, error: problem.code ?? problem.message }),
		);
		outgoing.end(body);
	});
}

function statusesIn(text: string): number[] {
	return [...text.matchAll(/HTTP\/\d\.\d (\d{3}) /g)].map((match) => Number(match[1]));
}

function pause(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}
