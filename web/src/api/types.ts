import type { z } from "zod";
import type { RateBody } from "../../../src/api/request-schemas.js";
import type {
	calibrationResponse,
	caseMatrixResponse,
	errorResponseSchema,
	historyResponse,
	inspectionResponse,
	leaderboardResponse,
	ratingResponse,
	rosterResponse,
	specResponse,
	useCasesResponse,
} from "../../../src/api/response-schemas.js";

/*
 * The API's answers as the dashboard sees them: the very zod schemas the server documents in its
 * OpenAPI document and tests its answers against, inferred. Type-only imports, erased from the
 * bundle: the page reaches the server through HTTP alone, and a field renamed there fails the
 * dashboard's type check here.
 */
export type UseCases = z.infer<typeof useCasesResponse>;
export type Roster = z.infer<typeof rosterResponse>;
export type RosterEntry = Roster["roster"][number];
export type Leaderboard = z.infer<typeof leaderboardResponse>;
export type LeaderboardRow = Leaderboard["rows"][number];
export type Decision = Leaderboard["decision"];
export type CaseMatrix = z.infer<typeof caseMatrixResponse>;
export type MatrixRow = CaseMatrix["rows"][number];
export type Inspection = z.infer<typeof inspectionResponse>;
export type Calibration = z.infer<typeof calibrationResponse>;
export type Spec = z.infer<typeof specResponse>;
export type Rating = z.infer<typeof ratingResponse>;
export type ErrorBody = z.infer<typeof errorResponseSchema>;
export type History = z.infer<typeof historyResponse>;
export type HistoryVersion = History["versions"][number];
export type { RateBody };
