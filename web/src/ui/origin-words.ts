/**
 * The wordings of where rows came from, as every face writes them (`from lab + 2 rows recorded
 * here`, `aggregate from far, 3 cases`): one function for the CLI, the report and the dashboard.
 */
export { aggregateMark, describeOrigin } from "../../../src/views/row-origin.js";
