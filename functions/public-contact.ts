import type { Config } from "@netlify/functions";
import { leadEndpoint } from "../src/server/leads/endpoint.ts";

export const config: Config = { path: "/api/public/contact" };

/**
 * A quote request from the contact page or the landing contact section (spec §7: contact call).
 * `data.photoToken` comes with it when the body announced photos (issue 13).
 */
export default leadEndpoint(config.path, "quote", (data) => ({ status: true, data }));
