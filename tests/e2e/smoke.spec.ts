import { expect, test } from "@playwright/test";

test("the API answers beside the pages", async ({ request }) => {
  const r = await request.get("/api/health");
  expect(r.status()).toBe(200);
  expect(await r.json()).toMatchObject({ status: true });
});
