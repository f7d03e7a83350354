#!/usr/bin/env node
// The published entry point: runs the bundled CLI (`npm run build` emits dist/cli/, see
// scripts/bundle-cli.mjs; the unbundled modules it was made from are in dist/src/).
import { main, processIo } from "../dist/cli/main.js";

process.exitCode = await main(process.argv.slice(2), processIo(process));
