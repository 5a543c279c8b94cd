import { earlyState } from "@/lib/early/script";

/** A whole press as a mouse makes it: some controls act on pointerdown or mousedown (menus, tabs), most on click. */
function press(el: HTMLElement) {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, buttons: 1, view: window };
  if (typeof PointerEvent === "function") el.dispatchEvent(new PointerEvent("pointerdown", { ...init, pointerType: "mouse", isPrimary: true }));
  el.dispatchEvent(new MouseEvent("mousedown", init));
  if (typeof PointerEvent === "function") el.dispatchEvent(new PointerEvent("pointerup", { ...init, buttons: 0, pointerType: "mouse", isPrimary: true }));
  el.dispatchEvent(new MouseEvent("mouseup", { ...init, buttons: 0 }));
  el.click();
}

/**
 * Called once the page has hydrated (the root's first commit): tells the early script that React
 * now owns every unkeyed control, and repeats on each the presses made before (lib/early/script.ts),
 * oldest first: a button pressed twice is pressed once, a form submitted is submitted again. An
 * element hydration replaced (it rendered differently in the browser) is gone, and so is its press.
 */
export function replayEarlyPresses() {
  const early = earlyState();
  early.ready = true;
  for (const el of early.presses.splice(0)) {
    el.removeAttribute("data-early-pending");
    if (!el.isConnected || !(el instanceof HTMLElement)) continue;
    if (el instanceof HTMLFormElement) el.requestSubmit();
    else press(el);
  }
}
