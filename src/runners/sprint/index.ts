/** The sprint driver's parts: where a sprint's runs start (a seeded or named source repository). */
export {
	type PreparedSource,
	prepareSource,
	SEED_IDENTITY,
	SEED_MESSAGE,
	SPRINT_SOURCE_ERROR,
	seedRepository,
} from "./source-repository.js";
