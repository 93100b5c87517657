// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import InquiryIsland, { FALLBACK_ERROR, INQUIRY_OVERLAY_MS } from "../../src/islands/inquiry/InquiryForm.tsx";

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
    expect(screen.getByRole("heading", { name: "Want to get an inquiry about Dock Ladder 4-Step?" })).toBeTruthy();
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
    const [url, init] = fetchMock.mock.calls[0];
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

  it("on success clears the form, shows the overlay for 2 s, then goes to /products/", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockImplementation(() => answer(200, { status: true, message: "Thank you for your inquiry" }));
    render(<InquiryIsland {...product} />);
    fill();
    await act(async () => send());
    expect(await screen.findByText("Message Sent Successfully")).toBeTruthy();
    expect(screen.getByText("Thank you for your inquiry")).toBeTruthy();
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe("");
    await act(async () => vi.advanceTimersByTime(INQUIRY_OVERLAY_MS - 100));
    expect(assign).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(200));
    expect(assign).toHaveBeenCalledWith("/products/");
  });

  it("shows the server's message in an error notification and marks the field", async () => {
    fetchMock.mockImplementation(() => answer(400, { status: false, message: "Invalid email: is not a valid e-mail address", field: "email" }));
    render(<InquiryIsland {...product} />);
    fill();
    await act(async () => send());
    expect((await screen.findByRole("alert")).textContent).toContain("Invalid email: is not a valid e-mail address");
    expect(screen.getByLabelText(/Email/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("button").textContent).toBe("Send Inquiry");
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe("Sam Boater");
  });

  it.each([
    ["the network fails", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["the server answers something that is not JSON", () => Promise.resolve(new Response("<html>", { status: 502 }))],
  ])("falls back to 'Failed to submit form' when %s", async (_name, impl) => {
    fetchMock.mockImplementation(impl);
    render(<InquiryIsland {...product} />);
    fill();
    await act(async () => send());
    expect((await screen.findByRole("alert")).textContent).toBe(FALLBACK_ERROR);
  });
});
