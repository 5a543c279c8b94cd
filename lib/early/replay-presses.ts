import { earlyState, type EarlyPress } from "@/lib/early/script";

/** How long a press waits for its element to be React's (a Suspense boundary still hydrating) before it is made anyway. */
const OWNER_WAIT_MS = 10_000;
const OWNER_POLL_MS = 100;

/*
 * Whether React has hydrated this element: React keeps each element's props on the element under
 * a key starting with `__reactProps$` (the mark React DOM's own event system reads). An element in
 * a Suspense boundary still to hydrate has none yet, and React would drop a press on it.
 */
const ownedByReact = (el: Element) => Object.keys(el).some((key) => key.startsWith("__reactProps$"));

/** A press as a person made it: with a mouse, the whole press (menus open on pointerdown, tabs on mousedown); with a key, focus and click. */
function press(el: HTMLElement, keyboard: boolean) {
  if (keyboard) {
    el.focus();
    el.click();
    return;
  }
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, buttons: 1, view: window };
  const pointer = { ...init, pointerType: "mouse", isPrimary: true };
  if (typeof PointerEvent === "function") el.dispatchEvent(new PointerEvent("pointerdown", pointer));
  el.dispatchEvent(new MouseEvent("mousedown", init));
  if (typeof PointerEvent === "function") el.dispatchEvent(new PointerEvent("pointerup", { ...pointer, buttons: 0 }));
  el.dispatchEvent(new MouseEvent("mouseup", { ...init, buttons: 0 }));
  el.click();
}

function replay(presses: EarlyPress[], since: number) {
  const later: EarlyPress[] = [];
  for (const entry of presses) {
    const { el } = entry;
    if (el.isConnected && !ownedByReact(el) && Date.now() - since < OWNER_WAIT_MS) {
      later.push(entry);
      continue;
    }
    el.removeAttribute("data-early-pending");
    // An element hydration replaced (it rendered differently in the browser) is gone, and so is its press.
    if (!el.isConnected || !(el instanceof HTMLElement)) continue;
    if (el instanceof HTMLFormElement) el.requestSubmit();
    else press(el, entry.keyboard);
  }
  if (later.length > 0) setTimeout(() => replay(later, since), OWNER_POLL_MS);
}

/**
 * Tells the early script that the page has hydrated (the root's first commit): from then on
 * presses on unkeyed controls go straight to React (lib/early/script.ts). Called from a layout
 * effect, so that no press falls between the commit and the replay.
 */
export function markHydrated() {
  earlyState().ready = true;
}

/**
 * Repeats the presses made before the page hydrated on the elements they were made on, oldest
 * first, each once (a button pressed twice in impatience acts once); a form submitted is
 * submitted again. An element React has not hydrated yet (in a Suspense boundary) gets its press
 * once it has.
 */
export function replayEarlyPresses() {
  const early = earlyState();
  early.ready = true;
  replay(early.presses.splice(0), Date.now());
}
