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

/** An unkeyed press kept until the page has hydrated: the element, and whether a key made it (Enter or Space). */
export interface EarlyPress {
  el: Element;
  keyboard: boolean;
}

/** What the script leaves on `window`: the queue, and how many mounted owners each key has. */
export interface EarlyState {
  queue: EarlyEntry[];
  live: Record<string, number>;
  /** Unkeyed buttons pressed and forms submitted before the page hydrated, oldest first, each once. */
  presses: EarlyPress[];
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
export const PRESSABLE =
  "button,input[type=submit],input[type=button],input[type=image],[role=button],[role=tab],[role=menuitem],[role=checkbox],[role=switch],[role=radio],[role=option]";

/*
 * The script, kept in ES5 and small: it is inline in every page, ahead of the framework. Written
 * out here with explicit semicolons; the line breaks and indentation are taken out below.
 * - `native(form)`: a form that works without React (an `action` address, like the search box's
 *   GET to /search) keeps its native submit: it never waits for hydration.
 * - `own(e)`: the unkeyed pressable element an event belongs to, while the page has not hydrated.
 * - Pointer and mouse downs and ups on it are stopped too, so that a press split across hydration
 *   (pointerdown after React took over, click before the replay) never reaches a menu that opens
 *   on pointerdown twice.
 */
const SCRIPT_SOURCE = `(function(){
  var s=window.${EARLY_GLOBAL}||(window.${EARLY_GLOBAL}={queue:[],live:{},presses:[],ready:false}),q=s.queue,l=s.live,p=s.presses||(s.presses=[]);
  function native(f){var a=f&&f.getAttribute("action");return !!a&&!/^javascript:/i.test(a);}
  function own(e){
    var t=e.target,el;
    if(s.ready||!t||!t.closest||t.closest("[data-early]"))return null;
    if(e.type==="submit")return t.tagName==="FORM"&&!native(t)?t:null;
    el=t.closest("${PRESSABLE}");
    return el&&!(el.form&&el.type==="submit"&&native(el.form))?el:null;
  }
  function h(e){
    var t=e.target,c=e.type==="click",el,i;
    if(!t||!t.closest||(c&&(e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)))return;
    el=t.closest("[data-early]");
    if(el){
      if(c&&el.tagName==="FORM")return;
      var k=el.getAttribute("data-early");
      if(l[k]>0)return;
      e.preventDefault();e.stopPropagation();
      var d=null;
      if(!c){try{d=new FormData(el);}catch(x){}}
      q.push({key:k,data:d});
      el.setAttribute("data-early-pending","");
      return;
    }
    el=own(e);
    if(!el)return;
    e.preventDefault();e.stopPropagation();
    for(i=0;i<p.length&&p[i].el!==el;i++){}
    if(i===p.length)p.push({el:el,keyboard:c&&e.detail===0});
    el.setAttribute("data-early-pending","");
  }
  function m(e){if(own(e))e.stopPropagation();}
  addEventListener("click",h,true);addEventListener("submit",h,true);
  addEventListener("pointerdown",m,true);addEventListener("mousedown",m,true);addEventListener("pointerup",m,true);addEventListener("mouseup",m,true);
})();`;

export const EARLY_SCRIPT = SCRIPT_SOURCE.replace(/\n\s*/g, "");
