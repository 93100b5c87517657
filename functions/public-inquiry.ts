import type { Config } from "@netlify/functions";
import { leadEndpoint } from "../src/server/leads/endpoint.ts";

export const config: Config = { path: "/api/public/inquiry" };

/** A product inquiry from a product detail page. */
export default leadEndpoint(config.path, "inquiry", () => ({ status: true, message: "Thank you for your inquiry" }));
