// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import QuoteIsland from "../../src/islands/quote/QuoteForm";

const services = ["Custom Docks", "Seawalls"];
const reply = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));

function fill() {
  fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: "Pat" } });
  fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: "2395550188" } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "pat@example.com" } });
}
const choose = (name: string) => {
  fireEvent.click(screen.getByRole("button", { name: /Service/ }));
  fireEvent.click(screen.getByRole("option", { name }));
};
/** The confirmation that takes the sent form's place (issue 39). */
const panel = () => screen.findByRole("heading", { name: "Message Sent Successfully" });
const submitButton = () => screen.getByRole("button", { name: /Submit|Sending|Message sent|Try later|Saved on this device/ });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the quote form", () => {
  it("prefills the stored e-mail and offers the services plus Other, closing on selection", () => {
    localStorage.setItem("email", "member@example.com");
    render(<QuoteIsland services={services} phone="(239) 555-0142" />);
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe("member@example.com");
    fireEvent.click(screen.getByRole("button", { name: /Service/ }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Custom Docks", "Seawalls", "Other"]);
    fireEvent.click(screen.getByRole("option", { name: "Seawalls" }));
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("asks for a service before sending anything", () => {
    const fetch = reply(200, { data: { status: true } });
    vi.stubGlobal("fetch", fetch);
    render(<QuoteIsland services={services} phone="(239) 555-0142" />);
    fill();
    fireEvent.submit(submitButton().closest("form")!);
    const service = screen.getByRole("button", { name: /Service/ });
    expect(service.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(service.getAttribute("aria-describedby")!)!.textContent).toMatch(/Please select a service/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows a required free-text field for Other and sends it as the subject", async () => {
    const fetch = reply(200, { status: true, data: { status: true } });
    vi.stubGlobal("fetch", fetch);
    render(<QuoteIsland services={services} phone="(239) 555-0142" />);
    fill();
    choose("Other");
    const other = screen.getByPlaceholderText<HTMLInputElement>("Please specify your request");
    expect(other.required).toBe(true);
    fireEvent.change(other, { target: { value: "Kayak launch" } });
    fireEvent.submit(submitButton().closest("form")!);
    expect(submitButton().textContent).toBe("Sending...");
    await panel();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/public/contact");
    expect(JSON.parse(init.body as string)).toMatchObject({ fullName: "Pat", subject: "Kayak launch", website: "" });
    // The panel repeats what was sent, the form is gone (no emptied form that looks like a reset).
    expect(screen.getByTestId("sent-summary").textContent).toContain("Other: Kayak launch");
    expect(screen.queryByLabelText(/Full name/)).toBeNull();
  });

  it("sends the UTM parameters remembered from the page the visitor landed on", async () => {
    sessionStorage.setItem("utm", JSON.stringify({ source: "newsletter", campaign: "spring" }));
    const fetch = reply(200, { data: { status: true } });
    vi.stubGlobal("fetch", fetch);
    render(<QuoteIsland services={services} phone="(239) 555-0142" />);
    fill();
    choose("Seawalls");
    fireEvent.submit(submitButton().closest("form")!);
    await panel();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string).utm).toEqual({ source: "newsletter", campaign: "spring" });
  });

  it("puts a confirmation in the form's place: focused heading, summary, by when we call, a tel: link, and a way to send another (issue 39)", async () => {
    vi.stubGlobal("fetch", reply(200, { data: { status: true } }));
    render(<QuoteIsland services={services} phone="(239) 555-0142" />);
    fill();
    choose("Seawalls");
    fireEvent.submit(submitButton().closest("form")!);
    const heading = await panel();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText("Thank you, Pat. Your request is in.")).toBeTruthy();
    expect(screen.getByTestId("reply-by").textContent).toMatch(/^We'll call you at 2395550188 (today|tomorrow|by)/);
    const summary = screen.getByTestId("sent-summary").textContent!;
    for (const part of ["Seawalls", "Pat", "2395550188", "pat@example.com"]) expect(summary).toContain(part);
    expect(screen.getByTestId("urgent-call").getAttribute("href")).toBe("tel:+12395550142");
    // Said once: no overlay or status line repeating it.
    expect(screen.getAllByText("Message Sent Successfully")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Send another request" }));
    expect(screen.getByLabelText<HTMLInputElement>(/Full name/).value).toBe("");
  });

  it("reads 'Try later' in plain words with the phone when the server refuses the request as a whole", async () => {
    const body = { data: { status: false }, message: "Lead not stored" };
    vi.stubGlobal("fetch", reply(200, body));
    render(<QuoteIsland services={services} phone="(239) 555-0142" />);
    fill();
    choose("Seawalls");
    fireEvent.submit(submitButton().closest("form")!);
    await waitFor(() => expect(submitButton().textContent).toBe("Try later"));
    expect(screen.getByLabelText<HTMLInputElement>(/Full name/).value).toBe("Pat");
    // Plain words and a tel: link, never the server's own message.
    const line = screen.getAllByRole("status").find((e) => /could not send/.test(e.textContent ?? ""))!;
    expect(line.textContent).toMatch(/call us at \(239\) 555-0142/);
    expect(line.querySelector("a")!.getAttribute("href")).toBe("tel:+12395550142");
    expect(line.textContent).not.toContain(body.message);
  });

  it("says a refused field at that field, focuses it, and is ready to send again (issue 25)", async () => {
    vi.stubGlobal("fetch", reply(400, { status: false, message: "Invalid phone: is not a phone number", field: "phone" }));
    render(<QuoteIsland services={services} phone="(239) 555-0142" />);
    fill();
    choose("Seawalls");
    fireEvent.submit(submitButton().closest("form")!);
    const phone = screen.getByLabelText<HTMLInputElement>(/^Phone/);
    await waitFor(() => expect(phone.getAttribute("aria-invalid")).toBe("true"));
    const message = document.getElementById(phone.getAttribute("aria-describedby")!)!;
    expect(message.textContent).toBe("Phone is not a phone number.");
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(submitButton().textContent).toBe("Submit");
    expect(screen.queryByText(/could not send/)).toBeNull();
    expect(phone.value).toBe("2395550188");
    // Correcting the field takes the message away.
    fireEvent.change(phone, { target: { value: "(239) 555-0188" } });
    expect(phone.getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByTestId("field-error")).toBeNull();
  });

  it.each([
    ["a 503 answer", 503, { status: false, message: "Service unavailable" }],
    ["a 500 answer", 500, { status: false, message: "Internal error" }],
    ["a 429 answer", 429, { status: false, message: "Too many requests" }],
  ])("keeps the request on %s and says it will be sent again, never the server's message (issue 25)", async (_, status, body) => {
    vi.stubGlobal("fetch", reply(status, body));
    render(<QuoteIsland services={services} phone="(239) 555-0142" />);
    fill();
    choose("Seawalls");
    fireEvent.submit(submitButton().closest("form")!);
    const note = await screen.findByTestId("quote-offline");
    expect(screen.getByRole("heading", { name: "Saved on this device, not sent yet" })).toBeTruthy();
    expect(note.dataset.because).toBe("busy");
    expect(note.textContent).toMatch(/Our server could not take your request just now/);
    expect(note.textContent).toMatch(/again automatically in a minute/);
    expect(screen.getByTestId("urgent-call").getAttribute("href")).toBe("tel:+12395550142");
    expect(note.textContent).not.toContain(body.message);
    expect(screen.queryByText(/could not send/)).toBeNull();
  });
});
