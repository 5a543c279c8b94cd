/*
 * Clicks that count from the first paint. Until React has hydrated a control, a click on it does
 * nothing, and on a slow phone (or a busy machine) that is the first seconds of every page. This
 * script runs before any chunk (inline in the root layout) and keeps what the person did:
 * - on the controls marked `data-early="<key>"`, a click on a button or link or the submit of a
 *   form (with its fields), for the component that owns the key: once mounted it takes its queue
 *   and replays it (`useEarlyAction`), and from then on the script leaves that key to React. Used
 *   where the replay is more than a click (a menu that opens on pointerdown, a form's fields, a
 *   control on an island that loads after the page);
 * - on any other button (or element acting as one) and any other form, until the page has
 *   hydrated: the press itself, which `replayEarlyPresses` repeats on the same element once the
 *   root has committed (components/providers.tsx). Hydration keeps the server's elements, so the
 *   press lands where the person made it.
 * Links are left alone (they work without JavaScript), as are modified clicks (a new tab). Without
 * JavaScript at all, links and forms keep their native behaviour.
 */

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
  /** Unkeyed buttons pressed and forms submitted before the page hydrated, oldest first. */
  presses: Element[];
  /** Set once the page has hydrated: from then on unkeyed presses go straight to React. */
  ready: boolean;
}

/** The script's state, made here when a component mounts before the script has run (in the browser only). */
export function earlyState(): EarlyState {
  const global = window as unknown as Record<string, EarlyState | undefined>;
  const state = (global[EARLY_GLOBAL] ??= { queue: [], live: {}, presses: [], ready: false });
  state.presses ??= [];
  return state;
}

/** What counts as a button for an unkeyed press: what a person presses to act, not to navigate. */
export const PRESSABLE = "button,input[type=submit],[role=button],[role=tab],[role=menuitem],[role=checkbox],[role=switch],[role=radio],[role=option]";

// Kept small and in ES5: it is inline in every page, ahead of the framework.
export const EARLY_SCRIPT = `(function(){var s=window.${EARLY_GLOBAL}||(window.${EARLY_GLOBAL}={queue:[],live:{},presses:[],ready:false}),q=s.queue,l=s.live,p=s.presses||(s.presses=[]);function h(e){var t=e.target,c=e.type==="click",el;if(!t||!t.closest||(c&&(e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)))return;el=t.closest("[data-early]");if(el){if(c&&el.tagName==="FORM")return;var k=el.getAttribute("data-early");if(l[k]>0)return;e.preventDefault();e.stopPropagation();var d=null;if(!c){try{d=new FormData(el)}catch(x){}}q.push({key:k,data:d});el.setAttribute("data-early-pending","");return}if(s.ready)return;el=c?t.closest("${PRESSABLE}"):t.tagName==="FORM"?t:null;if(!el)return;e.preventDefault();e.stopPropagation();if(p.indexOf(el)<0)p.push(el);el.setAttribute("data-early-pending","")}addEventListener("click",h,true);addEventListener("submit",h,true)})();`;
