/**
 * Moves keyboard focus to an element once it is on the page (a just-posted answer or comment
 * renders a frame or two after its call returns), and scrolls it into view.
 */
export function focusWhenRendered(id: string, attempts = 10): void {
  if (typeof window === "undefined") return;
  const element = document.getElementById(id);
  if (element) {
    element.focus({ preventScroll: true });
    const smooth = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    element.scrollIntoView?.({ behavior: smooth ? "smooth" : "auto", block: "nearest" });
    return;
  }
  if (attempts > 0) requestAnimationFrame(() => focusWhenRendered(id, attempts - 1));
}
