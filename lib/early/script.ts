/*
 * Clicks that count from the first paint. Until React has hydrated a control, a click on it does
 * nothing, and on a slow phone that is the first seconds of every page. This script runs before
 * any chunk (inline in the root layout, with the request's CSP nonce) and keeps what the person
 * did on the controls marked `data-early="<key>"`: a click on a button or link, the submit of a
 * form (with its fields). Once the component that owns a key is mounted it takes its queue and
 * replays it (`useEarlyAction`); from then on its own handlers see every event and the script
 * steps aside. Without JavaScript at all, links and forms keep their native behaviour.
 */

/** The global the script fills and `useEarlyAction` reads. */
export const EARLY_GLOBAL = "__agoraEarly";

/** One captured action: the control's key and, for a form, its fields when it was submitted. */
export interface EarlyEntry {
  key: string;
  data: FormData | null;
}

/** What the script leaves on `window`: the queue, and how many mounted owners each key has. */
export interface EarlyState {
  queue: EarlyEntry[];
  live: Record<string, number>;
}

// Kept small and in ES5: it is inline in every page, ahead of the framework.
export const EARLY_SCRIPT = `(function(){var s=window.${EARLY_GLOBAL}||(window.${EARLY_GLOBAL}={queue:[],live:{}}),q=s.queue,l=s.live;function h(e){var t=e.target,el=t&&t.closest?t.closest("[data-early]"):null;if(!el||(e.type==="click"&&(el.tagName==="FORM"||e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)))return;var k=el.getAttribute("data-early");if(l[k]>0)return;e.preventDefault();e.stopPropagation();var d=null;if(e.type==="submit"){try{d=new FormData(el)}catch(x){}}q.push({key:k,data:d});el.setAttribute("data-early-pending","")}addEventListener("click",h,true);addEventListener("submit",h,true)})();`;
