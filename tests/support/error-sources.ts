// Every error message the API and the forms can show, read from the sources with the TypeScript
// compiler (issue 15): the messages given to the error helpers of lib/server/errors.ts anywhere in
// lib/ and app/, and the messages of the zod schemas (lib/validation). Constants are followed
// to their value; a template literal keeps its `${...}` parts for the caller to fill.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** The helpers whose argument is a message, and which argument it is. */
const HELPER_ARGUMENT: Record<string, number> = {
  badRequest: 0, forbidden: 0, notFound: 0, conflict: 0, unauthorized: 0, badGateway: 0, serviceUnavailable: 0,
  rateLimited: 1, AppError: 1, idParam: 1,
  /** lib/server/policy.ts: the 403's message. */
  authorize: 3,
};

/** zod checks whose last string argument (or `{ error | message }`) is the message. */
const ZOD_CHECKS = new Set(["min", "max", "length", "regex", "refine", "superRefine", "email", "url", "int", "positive", "nonnegative", "startsWith", "endsWith", "includes", "gte", "lte", "gt", "lt", "multipleOf", "nonempty"]);

export interface ErrorSource {
  /** "lib/server/questions.ts:12" */
  where: string;
  /** The message; `${expression}` where a template literal interpolates. */
  text: string;
}

function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
    }
  };
  walk(path.join(root, "lib"));
  walk(path.join(root, "app"));
  return out;
}

/** Collects the messages; `unresolved` lists arguments that are neither text nor a constant (e.g. a function call). */
export function collectErrorSources(root = process.cwd()): { sources: ErrorSource[]; unresolved: ErrorSource[] } {
  const files = sourceFiles(root);
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX, baseUrl: root, paths: { "@/*": ["./*"] }, noEmit: true, skipLibCheck: true,
    // Only lib/ and app/: their constants are all the checker needs (no node_modules types: much faster).
    noResolve: true, noLib: true,
    resolveJsonModule: true, types: [],
  });
  const checker = program.getTypeChecker();
  const sources: ErrorSource[] = [];
  const unresolved: ErrorSource[] = [];

  /** The text of a message expression, following constants; null when it cannot be known statically. */
  const textOf = (node: ts.Expression, depth = 0): string[] | null => {
    if (depth > 8) return null;
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return textOf(node.expression, depth + 1);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    if (ts.isTemplateExpression(node)) {
      // A part that is itself known text (a constant, a choice between words) is filled in; any other stays `${...}`.
      let texts = [node.head.text];
      for (const span of node.templateSpans) {
        const inner = ts.isIdentifier(span.expression) && isParameter(span.expression) ? null : textOf(span.expression, depth + 1);
        const parts = inner ?? ["${" + span.expression.getText() + "}"];
        texts = texts.flatMap((text) => parts.map((part) => text + part + span.literal.text));
      }
      return texts;
    }
    if (ts.isCallExpression(node)) return returnsOf(node.expression, depth);
    if (ts.isConditionalExpression(node)) {
      const a = textOf(node.whenTrue, depth + 1);
      const b = textOf(node.whenFalse, depth + 1);
      return a && b ? [...a, ...b] : null;
    }
    if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) {
      let symbol = checker.getSymbolAtLocation(node);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.valueDeclaration;
      if (declaration && (ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration)) && declaration.initializer) {
        return textOf(declaration.initializer, depth + 1);
      }
      if (declaration && ts.isParameter(declaration) && declaration.initializer) return textOf(declaration.initializer, depth + 1);
      return null;
    }
    return null;
  };

  const declarationOf = (node: ts.Node): ts.Declaration | undefined => {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration;
  };

  /** Whether an identifier names a parameter without a default (its callers give the message). */
  const isParameter = (node: ts.Identifier): boolean => {
    const declaration = declarationOf(node);
    return declaration !== undefined && ts.isParameter(declaration) && !declaration.initializer;
  };

  /** The texts a called function returns (every return), when all of them are known. */
  const returnsOf = (callee: ts.Expression, depth: number): string[] | null => {
    const declaration = declarationOf(callee);
    let fn: ts.Node | undefined = declaration;
    if (declaration && (ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration))) fn = declaration.initializer;
    if (!fn || !(ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || !fn.body) return null;
    const returned: ts.Expression[] = [];
    if (!ts.isBlock(fn.body)) returned.push(fn.body);
    else {
      const walk = (node: ts.Node) => {
        if (ts.isReturnStatement(node) && node.expression) returned.push(node.expression);
        if (!ts.isFunctionLike(node)) ts.forEachChild(node, walk);
      };
      ts.forEachChild(fn.body, walk);
    }
    const texts = returned.map((expression) => textOf(expression, depth + 1));
    return texts.length > 0 && texts.every(Boolean) ? texts.flat() as string[] : null;
  };

  const record = (node: ts.Expression, sf: ts.SourceFile, strict: boolean) => {
    const where = `${path.relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    // A parameter without a default passes its caller's message on: the callers are scanned.
    if (ts.isIdentifier(node) && isParameter(node)) return;
    const texts = textOf(node);
    if (texts) for (const text of texts) sources.push({ where, text });
    else if (strict) unresolved.push({ where, text: node.getText() });
  };

  for (const sf of program.getSourceFiles()) {
    if (!files.includes(sf.fileName)) continue;
    // The zod schemas whose messages reach members (lib/config's are for the operator, in the server's log).
    const relative = path.relative(root, sf.fileName);
    const usesZod = relative.startsWith("lib/validation/");
    // Tables of messages: each limit's refusal (rate-limit.ts).
    const messageTable = usesZod || relative === "lib/server/rate-limit.ts";
    const visit = (node: ts.Node) => {
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text in HELPER_ARGUMENT) {
        const argument = node.arguments?.[HELPER_ARGUMENT[node.expression.text]!];
        // Only calls of lib/server's helpers (a local function of the same name is someone else's).
        const symbol = checker.getSymbolAtLocation(node.expression);
        const target = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        const file = target?.valueDeclaration?.getSourceFile().fileName ?? "";
        if (argument && /lib\/server\/(errors|http|policy)\.ts$/.test(file)) record(argument, sf, true);
      }
      if (usesZod) {
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ZOD_CHECKS.has(node.expression.name.text) && node.arguments.length > 0) {
          const last = node.arguments[node.arguments.length - 1]!;
          if (!ts.isObjectLiteralExpression(last) && !ts.isArrowFunction(last) && !ts.isFunctionExpression(last) && node.arguments.length > (node.expression.name.text === "refine" ? 1 : 0)) {
            const texts = textOf(last);
            if (texts && texts.every((text) => /[a-z] [a-z]/i.test(text))) record(last, sf, false);
          }
        }
        // A message handed to a schema helper (optionalText(max, PROFILE_MESSAGES.bio), ...).
        if (ts.isCallExpression(node)) {
          for (const argument of node.arguments) {
            const name = ts.isPropertyAccessExpression(argument) ? argument.expression.getText() : ts.isIdentifier(argument) ? argument.text : "";
            if (/_MESSAGES?$/.test(name)) record(argument, sf, false);
            if (ts.isCallExpression(argument) && /_MESSAGES\.\w+$/.test(argument.expression.getText())) record(argument, sf, false);
          }
        }
        // Every exported *_MESSAGE constant.
        if (ts.isVariableStatement(node) && node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
          for (const declaration of node.declarationList.declarations) {
            if (ts.isIdentifier(declaration.name) && /_MESSAGE$/.test(declaration.name.text) && declaration.initializer) record(declaration.initializer, sf, true);
          }
        }
      }
      if (messageTable && ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && (node.name.text === "error" || node.name.text === "message") && ts.isObjectLiteralExpression(node.parent)) {
        const texts = textOf(node.initializer);
        if (texts && texts.every((text) => /[a-z] [a-z]/i.test(text))) record(node.initializer, sf, false);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { sources, unresolved };
}
