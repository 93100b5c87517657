/** What a sample item of the seed says of itself wherever it shows (content/samples.json, decision 13), in English. */
import { ui } from "../lib/i18n/ui.ts";

export const SAMPLE_PROJECT_LABEL = ui("en").sampleProject;
export const SAMPLE_REVIEW_LABEL = ui("en").reviews.sample;
