// The one place validation modules take zod from. zod 4 compiles object validators with
// `new Function` unless told not to; Agora's Content-Security-Policy has no 'unsafe-eval' (see
// proxy.ts), so in the browser that would be a CSP violation (and a silent fallback). Jitless
// mode validates by interpretation, everywhere: the config is global to the zod instance.
import { z } from "zod";

z.config({ jitless: true });

export { z };
