// @vitest-environment happy-dom
// Issue 34, item 2: both lead forms have an unticked 'Text me about this request' box with the
// consent US law expects; ticked, the request carries the consent and its wording's version;
// ticked without a phone, the form says so at the phone field and sends nothing.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import QuoteIsland from "../../src/islands/quote/QuoteForm";
import InquiryIsland from "../../src/islands/catalogue/InquiryForm";
import { SMS_CONSENT_VERSION } from "../../src/lib/contracts/sms";

const ok = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } }));
const box = () => screen.getByRole("checkbox", { name: /Text me about this request/ }) as HTMLInputElement;
const sentBody = (fetch: ReturnType<typeof vi.fn>) => JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("'Text me about this request'", () => {
  it("is unticked, named by its label, described by the consent's words with the company's name, and links the privacy page", () => {
    render(<QuoteIsland services={["Seawalls"]} phone="(239) 555-0142" company="Coastal Marine Construction" />);
    expect(box().checked).toBe(false);
    expect(box().type).toBe("checkbox");
    const terms = document.getElementById(box().getAttribute("aria-describedby")!)!;
    expect(terms.textContent).toBe(
      "By ticking this box, I agree that Coastal Marine Construction may send automated text messages about this request to the mobile number I entered. " +
        "Consent is not a condition of purchase. Up to 2 messages per request. Msg & data rates may apply. Reply STOP to opt out, HELP for help. Privacy Policy.",
    );
    expect(screen.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");
  });

  it("quote: unticked sends no consent; ticked sends it with the wording's version", async () => {
    for (const tick of [false, true]) {
      const fetch = ok({ status: true, data: { status: true } });
      vi.stubGlobal("fetch", fetch);
      render(<QuoteIsland services={["Seawalls"]} phone="(239) 555-0142" />);
      fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: "Pat" } });
      fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: "2395550188" } });
      fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "pat@example.com" } });
      fireEvent.click(screen.getByRole("button", { name: /Service/ }));
      fireEvent.click(screen.getByRole("option", { name: "Seawalls" }));
      if (tick) fireEvent.click(box());
      fireEvent.submit(box().closest("form")!);
      await waitFor(() => expect(fetch).toHaveBeenCalled());
      const body = sentBody(fetch);
      if (tick) expect(body).toMatchObject({ smsConsent: true, smsConsentVersion: SMS_CONSENT_VERSION, phone: "2395550188" });
      else expect(body).not.toHaveProperty("smsConsent");
      // Sent: the confirmation takes the form's place; the next request starts unticked.
      fireEvent.click(await screen.findByRole("button", { name: "Send another request" }));
      expect(box().checked).toBe(false);
      cleanup();
    }
  });

  it("inquiry: ticked without a phone says so at once, and at the phone field on sending, which sends nothing", async () => {
    const fetch = ok({ status: true, message: "Thank you for your inquiry" });
    vi.stubGlobal("fetch", fetch);
    render(<InquiryIsland productId="dock-ladder-4" productName="Dock Ladder 4-Step" company="Coastal Marine Construction" />);
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: "Sam" } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: "sam@example.com" } });
    fireEvent.click(box());
    expect(screen.getByTestId("sms-needs-phone").textContent).toBe("Enter your mobile number above so we can text you.");
    fireEvent.submit(box().closest("form")!);
    const phone = screen.getByLabelText(/Phone/) as HTMLInputElement;
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(phone.getAttribute("aria-describedby")!)!.textContent).toBe(
      "Phone is needed for text messages: enter your mobile number, or untick 'Text me about this request'.",
    );
    expect(fetch).not.toHaveBeenCalled();
    // With a number it goes, with the consent.
    fireEvent.change(phone, { target: { value: "239 555 0134" } });
    fireEvent.submit(box().closest("form")!);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(sentBody(fetch)).toMatchObject({ smsConsent: true, smsConsentVersion: SMS_CONSENT_VERSION, phone: "239 555 0134" });
  });

  it("the server's refusal of the number is said at the phone field", async () => {
    const fetch = vi.fn(async () =>
      new Response(JSON.stringify({ status: false, message: "Invalid phone: must be a US mobile number to get text messages (or untick 'Text me about this request')", field: "phone" }), {
        status: 400,
        headers: { "Content-Type": "application/json" },
      }),
    );
    vi.stubGlobal("fetch", fetch);
    render(<InquiryIsland productId="dock-ladder-4" productName="Dock Ladder 4-Step" />);
    fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: "Sam" } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: "sam@example.com" } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: "+44 20 7946 0958" } });
    fireEvent.click(box());
    fireEvent.submit(box().closest("form")!);
    await waitFor(() => expect(screen.getByText("Phone must be a US mobile number to get text messages (or untick 'Text me about this request').")).toBeTruthy());
  });
});
