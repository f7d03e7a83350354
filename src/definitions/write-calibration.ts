import type { LadderRecord } from "../contract/index.js";
import { writeYamlValue } from "./yaml-value-edit.js";

/**
 * Records a ladder check as `calibration.result` in a task.yaml and changes nothing else: the
 * `calibration.ladder` overrides, comments and layout stay byte for byte (see {@link writeYamlValue}).
 * Each tier is one flow-style line. Provenance only: no cell key reads it. Returns whether the file changed.
 */
export async function writeLadderRecord(file: string, record: LadderRecord): Promise<boolean> {
	return await writeYamlValue(file, ["calibration", "result"], record, { flowDepth: 2 });
}
