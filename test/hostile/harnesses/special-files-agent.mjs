// A stand-in for a CLI coding agent behind the external-harness contract that leaves special
// files in its workdir: a FIFO, a UNIX socket, a dangling symlink and a symlink out of the
// workdir, then (with the argument `fix`) fixes src/sum.mjs, or (with `fill BYTES`) writes that
// many bytes into big-*.bin files in chunks of 1 MiB, one file per 8 MiB.
import { execFileSync } from "node:child_process";
import { closeSync, openSync, readFileSync, symlinkSync, writeSync } from "node:fs";
import { join } from "node:path";

const request = JSON.parse(readFileSync(0, "utf8"));
const workdir = request.workdir;
const [mode, amount] = process.argv.slice(2);
let note = "";

if (mode === "fill") {
	const chunk = Buffer.alloc(1024 * 1024, 120);
	let written = 0;
	try {
		for (let file = 0; written < Number(amount); file++) {
			const fd = openSync(join(workdir, `big-${file}.bin`), "w");
			for (let index = 0; index < 8 && written < Number(amount); index++) {
				writeSync(fd, chunk);
				written += chunk.length;
			}
			closeSync(fd);
		}
	} catch (error) {
		note = ` (stopped: ${error.code})`;
	}
	note = `wrote ${written} bytes${note}`;
} else {
	execFileSync("mkfifo", [join(workdir, "src", "pipe")]);
	symlinkSync("/nonexistent/target", join(workdir, "dangling"));
	symlinkSync("../../../../../../etc/hostname", join(workdir, "escape"));
	// A process killed while it listens leaves its socket file behind.
	const listen = `require("node:net").createServer().listen(${JSON.stringify(join(workdir, "agent.sock"))}, () => process.kill(process.pid, "SIGKILL"))`;
	try {
		execFileSync(process.execPath, ["-e", listen]);
	} catch {}
	if (mode === "fix") {
		const sum = join(workdir, "src", "sum.mjs");
		execFileSync("sed", ["-i", "s/a - b/a + b/", sum]);
	}
	note = "left a FIFO, a socket and two symlinks";
}

console.log(JSON.stringify({ final: note, trace: [{ kind: "message", content: note }], telemetry: { turns: 1 } }));
