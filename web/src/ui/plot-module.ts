/** Observable Plot, re-exported so that its lazily loaded chunk is named for it (`plot-module-<hash>.js`). */
export * from "@observablehq/plot";
