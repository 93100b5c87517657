// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import InquiryIsland, { FALLBACK_ERROR } from "../../src/islands/catalogue/InquiryForm.tsx";

const product = { productId: "dock-ladder-4", productName: "Dock Ladder 4-Step" };
let fetchMock: ReturnType<typeof vi.fn>;
let assign: ReturnType<typeof vi.fn>;

function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}
const fill = () => {
  fireEvent.change(screen.getByLabelText(/Full name/), { target: { value: "Sam Boater" } });
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: "sam@example.com" } });
  fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: "239 555 0134" } });
};
const send = () => fireEvent.submit(screen.getByRole("button", { name: /Send Inquiry|Sending/ }).closest("form")!);

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  assign = vi.fn();
  vi.spyOn(window.location, "assign").mockImplementation(assign as never);
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("inquiry form", () => {
  it("asks about the product and offers 'Send Inquiry'", () => {
    render(<InquiryIsland {...product} />);
    expect(screen.getByRole("heading", { name: "Ask us about Dock Ladder 4-Step" })).toBeTruthy();
    // What sending does, said plainly: nothing is ordered.
    expect(screen.getByText(/^Send us your question\. Nothing is ordered or charged/)).toBeTruthy();
    expect(screen.getByRole("button").textContent).toBe("Send Inquiry");
    expect((screen.getByLabelText(/Subject/) as HTMLInputElement).placeholder).toBe("Inquiry about Dock Ladder 4-Step");
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).type).toBe("email");
    expect((screen.getByLabelText(/Phone/) as HTMLInputElement).type).toBe("tel");
  });

  it("sends the inquiry with the default subject and source fields, disabled and 'Sending...' meanwhile", async () => {
    let release!: () => void;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (release = () => r(new Response(JSON.stringify({ status: true, message: "Thank you for your inquiry" }), { status: 200 })))));
    render(<InquiryIsland {...product} />);
    fill();
    send();
    const button = screen.getByRole("button") as HTMLButtonElement;
    expect(button.textContent).toBe("Sending...");
    expect(button.disabled).toBe(true);
    // The sender is loaded on first use: the request leaves a moment later.
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(init.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(url).toBe("/api/public/inquiry");
    const body = JSON.parse(init.body);
    expect(body).toMatchObject({
      fullName: "Sam Boater",
      email: "sam@example.com",
      phone: "239 555 0134",
      productId: "dock-ladder-4",
      productName: "Dock Ladder 4-Step",
      subject: "Inquiry about Dock Ladder 4-Step",
      website: "",
      page: "/",
    });
    expect(body.startedAt).toBeTypeOf("number");
    await act(async () => release());
  });

  it("on success puts a confirmation in the form's place, stays on the page and offers the way back (issue 39)", async () => {
    fetchMock.mockImplementation(() => answer(200, { status: true, message: "Thank you for your inquiry" }));
    render(<InquiryIsland {...product} />);
    fill();
    await act(async () => send());
    const heading = await screen.findByRole("heading", { name: "Message Sent Successfully" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText("Thank you, Sam. Your request is in.")).toBeTruthy();
    expect(screen.getByTestId("reply-by").textContent).toMatch(/^We'll call you at 239 555 0134 /);
    expect(screen.getByTestId("sent-summary").textContent).toContain("Dock Ladder 4-Step");
    expect(screen.getByTestId("urgent-call").getAttribute("href")).toMatch(/^tel:\+1/);
    expect(screen.getByRole("link", { name: "Back to the products" }).getAttribute("href")).toBe("/products");
    expect(screen.queryByLabelText(/Full name/)).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it("says a refused field at that field, in the form's words, and focuses it (issue 25)", async () => {
    fetchMock.mockImplementation(() => answer(400, { status: false, message: "Invalid email: is not a valid e-mail address", field: "email" }));
    render(<InquiryIsland {...product} />);
    fill();
    await act(async () => send());
    const email = screen.getByLabelText(/Email/);
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(email.getAttribute("aria-describedby")!)!.textContent).toBe("Email is not a valid e-mail address.");
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button").textContent).toBe("Send Inquiry");
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe("Sam Boater");
  });

  it.each([
    ["a 502 that is not JSON", () => Promise.resolve(new Response("<html>", { status: 502 }))],
    ["a 503", () => answer(503, { status: false, message: "Service unavailable" })],
    ["a 429", () => answer(429, { status: false, message: "Too many requests" })],
  ])("keeps the inquiry on %s and says it will be sent again (issue 25)", async (_name, impl) => {
    fetchMock.mockImplementation(impl);
    render(<InquiryIsland {...product} />);
    fill();
    await act(async () => send());
    const note = await screen.findByTestId("inquiry-offline");
    expect(note.dataset.because).toBe("busy");
    expect(note.textContent).toMatch(/Our server could not take your request just now/);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps the inquiry on the device when the network fails, says so in plain words, and sends it when back online", async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError("Failed to fetch")));
    render(<InquiryIsland {...product} />);
    fill();
    fireEvent.change(screen.getByLabelText(/Message/), { target: { value: "Two ladders,\nfor a floating dock" } });
    await act(async () => send());
    expect((await screen.findByTestId("inquiry-offline")).textContent).toMatch(/You're offline\. .*send your request automatically/);
    expect(screen.queryByText("Message Sent Successfully")).toBeNull();
    const first = fetchMock.mock.calls[0];
    const key = first[1].headers["Idempotency-Key"];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(first[1].body).message).toBe("Two ladders,\nfor a floating dock");
    fetchMock.mockImplementation(() => answer(200, { status: true, message: "Thank you for your inquiry" }));
    await act(async () => void dispatchEvent(new Event("online")));
    expect(await screen.findByText("Message Sent Successfully")).toBeTruthy();
    const again = fetchMock.mock.calls.at(-1)!;
    expect(again[1].headers["Idempotency-Key"]).toBe(key);
    expect(again[1].body).toBe(first[1].body);
  });

  it("sends the visitor's message, or the product page line when there is none, and counts to 2000", async () => {
    fetchMock.mockImplementation(() => answer(200, { status: true, message: "Thank you for your inquiry" }));
    render(<InquiryIsland {...product} />);
    fill();
    const box = screen.getByLabelText(/Message/) as HTMLTextAreaElement;
    expect(box.maxLength).toBe(2000);
    fireEvent.change(box, { target: { value: "x".repeat(2500) } });
    expect(box.value).toHaveLength(2000);
    expect(screen.getByTestId("message-count").textContent).toMatch(/^2000 \/ 2000/);
    fireEvent.change(box, { target: { value: "  " } });
    await act(async () => send());
    expect(JSON.parse(fetchMock.mock.calls[0][1].body).message).toBe("Inquiry from the product page of Dock Ladder 4-Step.");
  });

  it.each([["the server refuses it with something that is not JSON", () => Promise.resolve(new Response("<html>", { status: 400 }))]])("falls back to 'Failed to submit form' when %s", async (_name, impl) => {
    fetchMock.mockImplementation(impl);
    render(<InquiryIsland {...product} />);
    fill();
    await act(async () => send());
    expect((await screen.findByRole("alert")).textContent).toBe(FALLBACK_ERROR);
  });
});
