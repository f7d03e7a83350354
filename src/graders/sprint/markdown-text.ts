export { markdownText } from "../../contract/index.js";

/** A markdown table row of cells already escaped. */
export function tableLine(cells: readonly string[]): string {
	return `| ${cells.join(" | ")} |`;
}
