/** What a sample item of the seed says of itself wherever it shows (content/samples.json, decision 13). */
export const SAMPLE_PROJECT_LABEL = "Sample project · rendering";
export const SAMPLE_REVIEW_LABEL = "Sample review";
