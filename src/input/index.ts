/**
 * The input layer: bad input from user files. YAML parsed with positions, zod issues turned into
 * InputIssues with line, column, path and a fix, closest-match suggestions for typos. Shared by
 * every layer that reads a user's files (definitions, plugins, the scripted server). Imports only
 * the contract.
 */

export { closestMatch, type EditOptions, editDistance, type MatchOptions } from "./closest-match.js";
export {
	ANY_KEY,
	DOLLAR_IDENTIFIER_KEY,
	type DocumentPath,
	formatPath,
	IDENTIFIER_KEY,
	isRecord,
	valueAt,
} from "./document-path.js";
export { type PlaceInside, placeInside, readInputFileInside } from "./file-inside.js";
export { globSegmentSource, globToRegExp } from "./glob-pattern.js";
export {
	aliasBoundIssue,
	COUNT_BOUNDS,
	documentData,
	INPUT_BOUNDS,
	type InputText,
	readInputFile,
} from "./input-bounds.js";
export { makeFolders } from "./make-folders.js";
export { type RegularFileRead, readRegularFile } from "./regular-file.js";
export { decodeUtf8, type Utf8Text } from "./utf8-text.js";
export {
	type Problem,
	parseYamlDocument,
	subDocument,
	unplacedDocument,
	type YamlDocument,
	type YamlDocumentOptions,
} from "./yaml-document.js";
export {
	createPositionFinder,
	type IssueTarget,
	type Position,
	type PositionFinder,
	type SyntaxFixes,
	yamlSyntaxIssues,
} from "./yaml-positions.js";
export {
	describeValue,
	describeZodIssue,
	objectKeysAt,
	type ProblemText,
	type ProblemWording,
	type UnknownKeyOptions,
	unknownKey,
	zodProblems,
} from "./zod-problems.js";
