// npm run i18n:scopes: writes messages/scopes.generated.ts, which message namespaces each page's
// client components use (lib/i18n/scopes-analysis.ts).
import fs from "node:fs";
import path from "node:path";
import { analyseScopes, renderScopes } from "../lib/i18n/scopes-analysis";

const root = path.resolve(__dirname, "..");
const target = path.join(root, "messages", "scopes.generated.ts");
const text = renderScopes(analyseScopes(root));
fs.writeFileSync(target, text);
console.log(`wrote ${path.relative(root, target)}`);
