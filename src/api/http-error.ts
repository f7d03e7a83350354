import { BadInputError, type InputIssue, NotFoundError, TouchstoneError } from "../contract/index.js";

/** HTTP statuses the API answers errors with, by meaning. */
export const ERROR_STATUSES = {
	badRequest: 400,
	unauthorized: 401,
	forbidden: 403,
	notFound: 404,
	payloadTooLarge: 413,
	unsupportedMediaType: 415,
	misdirected: 421,
	unprocessable: 422,
	internal: 500,
} as const;

/** An error status the API answers with. */
export type ErrorStatus = (typeof ERROR_STATUSES)[keyof typeof ERROR_STATUSES];

/** The body of every error response: a stable code, a message for people, and every input problem. */
export interface ErrorBody {
	readonly error: {
		/** Stable machine-readable code, e.g. `bad-input`, `not-found`, `unauthorized`. */
		readonly code: string;
		/** What went wrong and how to fix it; never a stack trace. */
		readonly message: string;
		/** Each problem with the request (query parameter, body field), sorted; empty when none applies. */
		readonly issues: readonly InputIssue[];
	};
}

/**
 * A refusal decided by the API itself (a missing token, a body too large, a rating that
 * contradicts itself), carrying its HTTP status. Domain errors keep their own classes and are
 * mapped by {@link errorResponse}.
 */
export class HttpRefusal extends TouchstoneError {
	/** The status to answer with. */
	readonly status: ErrorStatus;
	/** The problems behind the refusal, if any. */
	readonly issues: readonly InputIssue[];

	constructor(status: ErrorStatus, code: string, message: string, issues: readonly InputIssue[] = []) {
		super(code, message);
		this.name = "HttpRefusal";
		this.status = status;
		this.issues = issues;
	}
}

/** Message of a 500: the details go to the server's log, never to the client. */
export const INTERNAL_ERROR_MESSAGE = "internal error: the server could not answer; its log has the details";

/**
 * The status and body for an error, the only place errors become HTTP: bad input is 400, an
 * unknown use case, version, case or run 404, an API refusal its own status, anything else 500
 * (reported to `logError`, since the client is told nothing about it).
 */
export function errorResponse(
	error: unknown,
	logError: (error: unknown) => void,
): { status: ErrorStatus; body: ErrorBody } {
	if (error instanceof HttpRefusal)
		return { status: error.status, body: errorBody(error.code, error.message, error.issues) };
	if (error instanceof BadInputError)
		return { status: ERROR_STATUSES.badRequest, body: errorBody(error.code, summaryOf(error), error.issues) };
	if (error instanceof NotFoundError)
		return { status: ERROR_STATUSES.notFound, body: errorBody(error.code, error.message) };
	logError(error);
	return { status: ERROR_STATUSES.internal, body: errorBody("internal", INTERNAL_ERROR_MESSAGE) };
}

/** An error body. */
export function errorBody(code: string, message: string, issues: readonly InputIssue[] = []): ErrorBody {
	return { error: { code, message, issues } };
}

/** A BadInputError's message is its summary followed by its issues rendered for a terminal; the body lists them as data. */
function summaryOf(error: BadInputError): string {
	return error.message.split("\n", 1)[0] ?? error.message;
}
