/**
 * Product review pages for the shop's catalog items (gift cards aside), from two review sites,
 * plus head-to-head comparisons within a brand.
 */
import { catalog } from "./catalog-data.js";
import type { SeededRandom } from "./random.js";
import { dateBetween, type GeneratedPage, listText, slug } from "./web-page.js";

const praise = [
  "build quality that feels more expensive than it is",
  "a simple setup that took under five minutes",
  "excellent value for the price",
  "thoughtful small details",
  "reliable performance over three weeks of daily use",
  "a compact design that travels well",
  "easy cleaning",
];
const complaints = [
  "the instructions are thin",
  "the colour options are limited",
  "it is heavier than it looks",
  "the packaging is wasteful",
  "stock runs out often",
  "the warranty is only one year",
  "it is a little noisy",
];

/** One review per item and a few comparisons. */
export function reviewPages(random: SeededRandom): GeneratedPage[] {
  const pages: GeneratedPage[] = [];
  const items = catalog.filter((item) => item.category !== "gift cards");
  for (const item of items) {
    const score = Math.min(10, Math.max(5, Math.round(item.rating * 2 + random.int(-1, 1))));
    const good = random.sample(praise, 2);
    const bad = random.sample(complaints, 2);
    const price = (item.priceCents / 100).toFixed(2);
    const site = random.chance(0.5)
      ? { host: "www.gearcheck.example.com", name: "GearCheck" }
      : { host: "reviews.homeandtech.example.org", name: "Home & Tech Reviews" };
    const verdict =
      score >= 9
        ? "An easy recommendation."
        : score >= 7
          ? "A solid choice with a few compromises."
          : "Fine, but shop around first.";
    pages.push({
      url: `https://${site.host}/reviews/${slug(item.name)}`,
      title: `${item.name} review: ${score >= 8 ? "worth it" : "mixed feelings"}`,
      category: "product review",
      published: dateBetween(random.next(), [1, 15], [5, 31]),
      text: [
        `${site.name} tested the ${item.name} by ${item.brand} (${item.category}, about $${price}). Score: ${score}/10.`,
        `What it is: ${item.description}`,
        `What we liked: ${listText(good)}.`,
        `What we didn't: ${listText(bad)}.`,
        `Verdict: ${verdict}`,
      ].join("\n\n"),
    });
  }
  const brands = new Map<string, typeof items>();
  for (const item of items) brands.set(item.brand, [...(brands.get(item.brand) ?? []), item]);
  for (const [brand, group] of [...brands].sort(([left], [right]) => left.localeCompare(right))) {
    if (group.length < 2) continue;
    const [first, second] = group;
    if (!first || !second || first.category !== second.category) continue;
    const cheaper = first.priceCents <= second.priceCents ? first : second;
    const dearer = cheaper === first ? second : first;
    pages.push({
      url: `https://www.gearcheck.example.com/compare/${slug(first.name)}-vs-${slug(second.name)}`,
      title: `${first.name} vs ${second.name}: which ${brand} should you buy?`,
      category: "product review",
      published: dateBetween(random.next(), [3, 1], [5, 31]),
      text: `${first.name}: ${first.description}\n\n${second.name}: ${second.description}\n\nThe ${dearer.name} costs $${((dearer.priceCents - cheaper.priceCents) / 100).toFixed(2)} more. Our pick for most people is the ${random.chance(0.6) ? cheaper.name : dearer.name}.`,
    });
  }
  return pages;
}
