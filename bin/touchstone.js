#!/usr/bin/env node
// The published entry point: runs the compiled CLI (`npm run build` emits dist/).
import { main, processIo } from "../dist/src/cli/main.js";

process.exitCode = await main(process.argv.slice(2), processIo(process));
