/** How deep a run goes: `limited` screens floor cases once (low precision, shown with `*`);
 * `thorough` runs every case N times. Depths are never averaged together. */
export const DEPTHS = ["limited", "thorough"] as const;
/** One of {@link DEPTHS}. */
export type Depth = (typeof DEPTHS)[number];
