import preact from "@preact/preset-vite";
import { defineConfig } from "vite";

/**
 * The dashboard, built into dist/web/ (shipped in the package; `touchstone serve` serves it at
 * `/`). `base: "./"` keeps every asset URL relative, so the page also works behind a proxy that
 * mounts the server under a path. Nothing is loaded from a CDN: every byte is in dist/web/.
 */
export default defineConfig({
	root: import.meta.dirname,
	base: "./",
	plugins: [preact()],
	build: {
		outDir: "../dist/web",
		emptyOutDir: true,
		// The chart library is loaded only by the views that draw charts (see ui/plot.ts).
		chunkSizeWarningLimit: 400,
		reportCompressedSize: true,
	},
});
