import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

import { messagesByLocale } from "@/messages";
import { locales } from "@/lib/i18n/locales";

type Tree = { [key: string]: string | Tree };

/** Every message of a tree, by its dotted key. */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The names of a message's arguments ({name}, {count, plural, ...}, <tag>...</tag>). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

const english = flatten(messagesByLocale.en as unknown as Tree);

describe("the interface's messages (issue 15)", () => {
  it("has no key with a dot (next-intl reads dots as nesting: such a key is never found)", () => {
    const raw = (tree: Tree, path = ""): string[] =>
      Object.entries(tree).flatMap(([key, value]) => [...(key.includes(".") ? [`${path}${key}`] : []), ...(typeof value === "string" ? [] : raw(value, `${path}${key}/`))]);
    for (const locale of locales) expect(raw(messagesByLocale[locale] as unknown as Tree)).toEqual([]);
  });

  it("has texts", () => {
    expect(english.size).toBeGreaterThan(10);
  });

  it.each(locales.filter((l) => l !== "en"))("%s has exactly the English keys", (locale) => {
    const translated = flatten(messagesByLocale[locale] as unknown as Tree);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(locales)("%s has no empty message, and each one parses as ICU with the English arguments", (locale) => {
    const problems: string[] = [];
    for (const [key, text] of flatten(messagesByLocale[locale] as unknown as Tree)) {
      if (!text.trim()) {
        problems.push(`${key}: empty`);
        continue;
      }
      let args: Set<string>;
      try {
        args = argumentsOf(parse(text));
      } catch (error) {
        problems.push(`${key}: ${(error as Error).message}`);
        continue;
      }
      const expected = argumentsOf(parse(english.get(key) ?? ""));
      if ([...expected].sort().join() !== [...args].sort().join()) problems.push(`${key}: arguments ${[...args]} instead of ${[...expected]}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(locales.filter((l) => l !== "en"))("%s is translated, not copied (at most a few texts equal the English, like names)", (locale) => {
    const translated = flatten(messagesByLocale[locale] as unknown as Tree);
    const same = [...english].filter(([key, text]) => translated.get(key) === text && /[a-z]{4,}/.test(text));
    expect(same.length / english.size).toBeLessThan(0.05);
  });
});
