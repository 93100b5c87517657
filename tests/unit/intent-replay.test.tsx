// @vitest-environment happy-dom
import { act, startTransition, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import intent from "../../src/islands/shared/intent-directive";
import { MAX_HELD, pathOf, recordInteractions } from "../../src/islands/shared/record-interaction";
import { atPath, provideReplay, replayInteractions } from "../../src/islands/shared/replay-interaction";

// React only runs act() warnings-free when told it is in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const seen: string[] = [];

/** A small island: a toggle, a controlled field that echoes its state, a key handler, a link. */
function Island() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [count, setCount] = useState(0);
  const [key, setKey] = useState("");
  const [agree, setAgree] = useState(false);
  const [size, setSize] = useState("s");
  const [sent, setSent] = useState("");
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        seen.push("submit");
        setSent(`${name}/${size}`);
      }}
    >
      <button type="button" onClick={() => setOpen((o) => !o)} onKeyDown={(e) => setKey(e.key)} onFocus={() => seen.push("focus")}>
        Select a Service
      </button>
      <p data-testid="open">{open ? "open" : "closed"}</p>
      <p data-testid="key">{key}</p>
      <label>
        <span data-testid="name-label">Name</span>
        <input name="fullName" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <select name="size" value={size} onChange={(e) => setSize(e.target.value)}>
        <option value="s">S</option>
        <option value="l">L</option>
      </select>
      <p data-testid="sent">{sent}</p>
      <p data-testid="name">{name}</p>
      <button type="button" data-testid="more" onClick={() => setCount((c) => c + 1)}>
        more {count}
      </button>
      <label>
        <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} /> agree
      </label>
      <p data-testid="agree">{String(agree)}</p>
      <a href="#elsewhere">elsewhere</a>
      <button type="submit">Send</button>
    </form>
  );
}

let roots: Root[] = [];
afterEach(() => {
  act(() => roots.forEach((r) => r.unmount()));
  roots = [];
  document.body.innerHTML = "";
  seen.length = 0;
});

/** The server-rendered island in the page, like an <astro-island ssr>. */
function serverRendered(): HTMLElement {
  const el = document.createElement("astro-island");
  el.setAttribute("ssr", "");
  el.innerHTML = renderToString(<Island />);
  document.body.append(el);
  return el;
}

/** Hydrates the way @astrojs/react does (a transition), resolving before React has committed. */
function hydrateLikeAstro(el: HTMLElement) {
  startTransition(() => {
    roots.push(hydrateRoot(el, <Island />));
  });
  el.removeAttribute("ssr");
}

const q = (el: HTMLElement, id: string) => el.querySelector(`[data-testid="${id}"]`)!.textContent;
const button = (el: HTMLElement) => el.querySelector("button")!;
const field = (el: HTMLElement) => el.querySelector<HTMLInputElement>('input[name="fullName"]')!;

function typeBeforeHydration(input: HTMLInputElement, text: string) {
  input.focus();
  for (const ch of text) {
    input.value += ch;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

describe("replaying what happened before hydration", () => {
  it("without replay, the first click on the server-rendered island is lost (the bug)", async () => {
    const el = serverRendered();
    button(el).click();
    await act(async () => hydrateLikeAstro(el));
    expect(q(el, "open")).toBe("closed");
  });

  it("replays the first click onto the hydrated island, once", async () => {
    const el = serverRendered();
    const rec = recordInteractions(el);
    button(el).click();
    expect(rec.pending).toBe(1);
    await act(async () => {
      hydrateLikeAstro(el);
      replayInteractions(el, rec.take());
    });
    expect(q(el, "open")).toBe("open");
    // Later clicks are React's own: nothing is replayed twice.
    await act(async () => button(el).click());
    expect(q(el, "open")).toBe("closed");
  });

  it("replays a burst of taps in order, up to MAX_HELD", async () => {
    const el = serverRendered();
    const rec = recordInteractions(el);
    const more = el.querySelector<HTMLButtonElement>('[data-testid="more"]')!;
    expect(more.closest("form")).not.toBeNull();
    for (let i = 0; i < MAX_HELD + 3; i++) more.click();
    await act(async () => {
      hydrateLikeAstro(el);
      replayInteractions(el, rec.take());
    });
    expect(more.textContent).toBe(`more ${MAX_HELD}`);
  });

  it("gives typed text to the component's state, keeps focus and tells onFocus", async () => {
    const el = serverRendered();
    const rec = recordInteractions(el);
    button(el).focus();
    typeBeforeHydration(field(el), "Pat Waters");
    await act(async () => {
      hydrateLikeAstro(el);
      replayInteractions(el, rec.take());
    });
    expect(field(el).value).toBe("Pat Waters");
    // The state holds it (the echo), so the next render cannot wipe the field.
    expect(q(el, "name")).toBe("Pat Waters");
    expect(document.activeElement).toBe(field(el));
    await act(async () => button(el).click());
    expect(field(el).value).toBe("Pat Waters");
  });

  it("replays a key pressed on a button (not on a text field)", async () => {
    const el = serverRendered();
    const rec = recordInteractions(el);
    button(el).focus();
    const arrow = new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true, cancelable: true });
    button(el).dispatchEvent(arrow);
    expect(arrow.defaultPrevented).toBe(true); // the page does not scroll meanwhile
    field(el).dispatchEvent(new KeyboardEvent("keydown", { key: "a", bubbles: true }));
    await act(async () => {
      hydrateLikeAstro(el);
      replayInteractions(el, rec.take());
    });
    expect(q(el, "key")).toBe("ArrowDown");
    expect(seen).toContain("focus");
  });

  it("holds a checkbox click (no toggle behind React's back) and replays it through React", async () => {
    const el = serverRendered();
    const rec = recordInteractions(el);
    const box = el.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    box.click();
    expect(box.checked).toBe(false);
    await act(async () => {
      hydrateLikeAstro(el);
      replayInteractions(el, rec.take());
    });
    expect(q(el, "agree")).toBe("true");
    expect(box.checked).toBe(true);
  });

  it("leaves links alone, and stop() forgets what was held", async () => {
    const el = serverRendered();
    const rec = recordInteractions(el);
    const link = new MouseEvent("click", { bubbles: true, cancelable: true });
    el.querySelector("a")!.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    expect(rec.pending).toBe(0);
    button(el).click();
    rec.stop();
    await act(async () => {
      hydrateLikeAstro(el);
      replayInteractions(el, rec.take());
    });
    expect(q(el, "open")).toBe("closed");
  });

  it("leaves a click into a field or on its label to the browser (focus at once), not held", () => {
    const el = serverRendered();
    const rec = recordInteractions(el);
    const onLabel = new MouseEvent("click", { bubbles: true, cancelable: true });
    el.querySelector('[data-testid="name-label"]')!.dispatchEvent(onLabel);
    const inField = new MouseEvent("click", { bubbles: true, cancelable: true });
    field(el).dispatchEvent(inField);
    expect(onLabel.defaultPrevented).toBe(false);
    expect(inField.defaultPrevented).toBe(false);
    expect(rec.pending).toBe(0);
    rec.stop();
  });

  it("leaves a tap on a file field's label to the browser (its picker opens only from the visitor's own tap)", () => {
    const el = document.createElement("div");
    el.innerHTML = '<label data-testid="drop">Photos <span>Click to upload</span><input type="file" accept="image/*" multiple></label><button type="button">Other</button>';
    document.body.append(el);
    const rec = recordInteractions(el);
    const onLabel = new MouseEvent("click", { bubbles: true, cancelable: true });
    el.querySelector("span")!.dispatchEvent(onLabel);
    const onInput = new MouseEvent("click", { bubbles: true, cancelable: true });
    el.querySelector("input")!.dispatchEvent(onInput);
    expect(onLabel.defaultPrevented).toBe(false);
    expect(onInput.defaultPrevented).toBe(false);
    expect(rec.pending).toBe(0);
    // A button is still held for the hydrated island.
    const onButton = new MouseEvent("click", { bubbles: true, cancelable: true });
    el.querySelector("button")!.dispatchEvent(onButton);
    expect(onButton.defaultPrevented).toBe(true);
    expect(rec.pending).toBe(1);
    rec.stop();
    el.remove();
  });

  it("holds a form submitted before hydration (no page load) and submits it through React with what was typed and chosen", async () => {
    const el = serverRendered();
    const rec = recordInteractions(el);
    typeBeforeHydration(field(el), "Pat");
    const select = el.querySelector("select")!;
    select.value = "l";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    // Enter in the field: the browser submits the form with its first submit button.
    const submit = new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: el.querySelector<HTMLElement>('button[type="submit"]') });
    el.querySelector("form")!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await act(async () => {
      hydrateLikeAstro(el);
      replayInteractions(el, rec.take());
    });
    expect(q(el, "sent")).toBe("Pat/l");
  });

  it("finds the same element by its path when hydration replaced the node", () => {
    const el = serverRendered();
    const target = el.querySelector('[data-testid="more"]')!;
    const path = pathOf(el, target);
    const copy = el.cloneNode(true) as HTMLElement;
    expect(atPath(copy, path)?.getAttribute("data-testid")).toBe("more");
  });
});

describe("the client:intent directive", () => {
  // The replay comes with the page's own script (Shell.astro), not inlined with the directive.
  beforeEach(() => provideReplay());
  afterEach(() => {
    delete window.intentReplay;
  });

  it("replays once the page's script has provided the replay, when the island hydrated first", async () => {
    delete window.intentReplay;
    const el = serverRendered();
    const load = vi.fn(async () => async () => hydrateLikeAstro(el));
    await intent(load, { name: "Island", value: "" }, el);
    button(el).dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    button(el).click();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    // Hydrated, and the tap waits for the replay: it is not lost, and not done twice.
    expect(el.hasAttribute("ssr")).toBe(false);
    expect(q(el, "open")).toBe("closed");
    await act(async () => {
      provideReplay();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(q(el, "open")).toBe("open");
  });

  it("hydrates on the first pointerdown and replays the tap that woke it", async () => {
    const el = serverRendered();
    let release!: () => void;
    const arrived = new Promise<void>((r) => (release = r));
    const load = vi.fn(async () => {
      await arrived; // the island's code is still on the network
      return async () => hydrateLikeAstro(el);
    });
    await intent(load, { name: "Island", value: "" }, el);
    expect(load).not.toHaveBeenCalled();
    button(el).dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    button(el).click();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(q(el, "open")).toBe("open");
    button(el).dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });
  it('"load" hydrates at once, and a form submitted while its code is on the way is sent once, through React', async () => {
    const el = serverRendered();
    let release!: () => void;
    const arrived = new Promise<void>((r) => (release = r));
    const load = vi.fn(async () => {
      await arrived;
      return async () => hydrateLikeAstro(el);
    });
    await intent(load, { name: "Island", value: "load" }, el);
    // No sign of use needed: the code is asked for at once.
    expect(load).toHaveBeenCalledTimes(1);
    typeBeforeHydration(field(el), "Pat");
    // A tap on the submit button; Enter in a field makes the browser click it the same way.
    const tap = new MouseEvent("click", { bubbles: true, cancelable: true });
    el.querySelector('button[type="submit"]')!.dispatchEvent(tap);
    // The browser does not send the form itself (a page load with the fields in the address).
    expect(tap.defaultPrevented).toBe(true);
    expect(seen).not.toContain("submit");
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(q(el, "sent")).toBe("Pat/s");
    expect(seen.filter((s) => s === "submit")).toEqual(["submit"]);
  });
});
