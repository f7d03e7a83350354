#!/usr/bin/env node
// The published entry point: runs the compiled CLI (`npm run build` emits dist/).
import { main } from "../dist/src/cli/main.js";

process.exitCode = await main(process.argv.slice(2), {
	stdout: process.stdout,
	stderr: process.stderr,
	env: process.env,
});
