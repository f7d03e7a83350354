// A stand-in for a CLI coding agent behind the external-harness contract: reads the JSON request
// on stdin and behaves as its first argument says.
//   write   fixes src/math.js, writes HARNESS.txt and NOTES.txt (its key), and prints a valid
//           answer (echoing its key)
//   tokens  prints a valid answer with token counts and no cost
//   quiet   prints a valid answer with no telemetry at all
//   garbage prints text that is not the contract's JSON
//   crash   exits 3 with a message on stderr
//   hang    starts a child that carries $HARNESS_MARK in its argv, and never answers
//   killed  writes KILLED.txt, then runs a "model's command" that kills the harness (SIGKILL)
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const mode = process.argv[2];
const request = JSON.parse(readFileSync(0, "utf8"));
const { workdir } = request;

if (mode === "write") {
	const math = join(workdir, "src", "math.js");
	writeFileSync(math, readFileSync(math, "utf8").replace("a - b", "a + b"));
	writeFileSync(join(workdir, "HARNESS.txt"), `${request.prompt}\n`);
	writeFileSync(join(workdir, "NOTES.txt"), `key ${process.env.HARNESS_API_KEY}\n`);
	const answer = {
		final: `Fixed add. My key is ${process.env.HARNESS_API_KEY}.`,
		trace: [
			{
				kind: "message",
				content: JSON.stringify({
					request,
					env: Object.keys(process.env).sort(),
					cwd: process.cwd(),
					home: process.env.HOME,
				}),
			},
			{ kind: "tool_call", tool: "edit", arguments: { path: "src/math.js" }, tokens: 12, at_ms: 5 },
			{ kind: "tool_result", tool: "edit", content: "ok", at_ms: 6 },
		],
		telemetry: { input_tokens: 1200, output_tokens: 80, cost_usd: 0.01, turns: 2 },
	};
	console.log("starting the agent…");
	console.log(JSON.stringify(answer));
} else if (mode === "tokens") {
	console.log(JSON.stringify({ final: "done", telemetry: { input_tokens: 1200, output_tokens: 80, turns: 1 } }));
} else if (mode === "quiet") {
	console.log(JSON.stringify({ final: "done" }));
} else if (mode === "garbage") {
	console.log("Sure! Here is what I did: I fixed everything.");
} else if (mode === "crash") {
	console.error("fatal: no model configured");
	process.exit(3);
} else if (mode === "killed") {
	writeFileSync(join(workdir, "KILLED.txt"), "the model was here\n");
	spawn("/bin/sh", ["-c", `kill -KILL ${process.pid}`], { stdio: "ignore" });
	setInterval(() => {}, 1000);
} else if (mode === "hang") {
	// Pids inside a sandbox are its own namespace's: the test finds the processes by this mark instead.
	spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", process.env.HARNESS_MARK], { stdio: "ignore" });
	writeFileSync(join(workdir, "started.txt"), "yes\n");
	setInterval(() => {}, 1000);
}
