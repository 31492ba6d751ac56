/**
 * The research pages of the offline web: one page per town, person, company, book and festival
 * edition of the research world (web-research-world.ts), on five made-up sites (a gazetteer, a
 * who's who, a company register, a book catalogue and a festival archive). Pages link by name, as
 * an encyclopedia does: a company page names its founder with their profession, a person page
 * names the town they were born in with its region, so every hop of a question can be searched
 * for from what the page before it says. Namesakes (a town or a person sharing a name) and the
 * other editions of a festival are the hard negatives.
 */
import type { GeneratedPage } from "./web-page.js";
import { listText, slug } from "./web-page.js";
import {
  type Book,
  type Company,
  companyKinds,
  type FestivalEdition,
  festivalMonths,
  type Person,
  professions,
  type ResearchWorld,
  type Town,
  townLabel,
} from "./web-research-world.js";

/** The URL of each kind of page. */
export const researchUrl = {
  town: (town: Town) => `https://gazetteer.example.org/places/${town.key}`,
  person: (person: Person) => `https://whoswho.example.org/people/${person.key}`,
  company: (company: Company) => `https://companies.example.net/${company.key}`,
  book: (book: Book) => `https://bookshelf.example.com/books/${book.key}`,
  edition: (edition: FestivalEdition) =>
    `https://festivals.example.org/${slug(edition.festival)}/${edition.year}`,
};

/** What a book is, by its author's profession. */
export function bookKind(book: Book): string {
  if (book.author.profession === "poet") return "poetry collection";
  if (book.author.profession === "historian") return "history";
  return "novel";
}

function surname(person: Person): string {
  return person.name.split(" ").at(-1) as string;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K | undefined): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const value = key(item);
    if (value === undefined) continue;
    const list = groups.get(value) ?? [];
    list.push(item);
    groups.set(value, list);
  }
  return groups;
}

/** Every research page, in a fixed order. */
export function researchPages(world: ResearchWorld): GeneratedPage[] {
  const bornIn = groupBy(world.people, (person) => person.birthTown);
  const basedIn = groupBy(world.companies, (company) => company.hq);
  const festivalsIn = groupBy(world.editions, (edition) => edition.town);
  const founded = new Map(world.companies.map((company) => [company.founder, company]));
  const booksBy = groupBy(world.books, (book) => book.author);
  const booksFrom = groupBy(world.books, (book) => book.publisher);
  const staffOf = groupBy(world.people, (person) => person.employer);
  const prizes = groupBy(world.editions, (edition) => edition.juryPrize);
  const townsNamed = groupBy(world.towns, (town) => town.name);
  const peopleNamed = groupBy(world.people, (person) => person.name);
  const pages: GeneratedPage[] = [];

  for (const town of world.towns) {
    const others = (townsNamed.get(town.name) ?? []).filter((other) => other !== town);
    const born = (bornIn.get(town) ?? []).slice(0, 3);
    const based = (basedIn.get(town) ?? []).slice(0, 3);
    const festival = festivalsIn.get(town)?.[0];
    const lines = [
      `${town.name} is a town in ${town.region}, on the ${town.river}. It was founded in ${town.founded}. The 2024 population estimate is ${town.population.toLocaleString("en-US")}; the 1990 census counted ${town.population1990.toLocaleString("en-US")}. The mayor is ${town.mayor}.`,
      town.twin === undefined ? "" : `${town.name} is twinned with ${townLabel(town.twin)}.`,
      others.length === 0 ? "" : `Not to be confused with ${listText(others.map(townLabel))}.`,
      born.length === 0
        ? ""
        : `People born here include ${listText(born.map((person) => `the ${person.profession} ${person.name}`))}.`,
      based.length === 0 ? "" : `Companies based here: ${listText(based.map((company) => company.name))}.`,
      festival === undefined ? "" : `The town holds the ${festival.festival} every ${festival.month}.`,
    ];
    pages.push({
      url: researchUrl.town(town),
      title: townLabel(town),
      category: "place",
      text: lines.filter((line) => line !== "").join("\n\n"),
      tags: ["research", ...(others.length > 0 ? ["namesake"] : [])],
    });
  }

  for (const person of world.people) {
    const others = (peopleNamed.get(person.name) ?? []).filter((other) => other !== person);
    const own = founded.get(person);
    const books = booksBy.get(person) ?? [];
    const won = prizes.get(person) ?? [];
    const name = surname(person);
    const lines = [
      `${person.name} (born ${person.born}) is a ${person.profession} known for ${professions[person.profession]}. ${name} was born in ${person.birthTown.name}, ${person.birthTown.region}, in ${person.born}.`,
      person.employer === undefined
        ? ""
        : `${name} works at ${person.employer.name}, ${companyKinds[person.employer.kind]} based in ${townLabel(person.employer.hq)}.`,
      own === undefined ? "" : `In ${own.founded} ${name} founded ${own.name}.`,
      books.length === 0
        ? ""
        : `Books: ${listText(books.map((book) => `${book.title} (${bookKind(book)}, ${book.publisher.name}, ${book.year})`))}.`,
      won.length === 0
        ? ""
        : `Awards: the jury prize of the ${listText(won.map((edition) => `${edition.year} ${edition.festival}`))}.`,
      others.length === 0
        ? ""
        : `Not to be confused with ${listText(others.map((other) => `the ${other.profession} of the same name`))}.`,
    ];
    pages.push({
      url: researchUrl.person(person),
      title: `${person.name} (${person.profession})`,
      category: "person",
      text: lines.filter((line) => line !== "").join("\n\n"),
      tags: ["research", ...(others.length > 0 ? ["namesake"] : [])],
    });
  }

  for (const company of world.companies) {
    const titles = (booksFrom.get(company) ?? []).slice(0, 4);
    const staff = (staffOf.get(company) ?? []).slice(0, 3);
    const lines = [
      `${company.name} is ${companyKinds[company.kind]}, founded in ${company.founded} by the ${company.founder.profession} ${company.founder.name}. Its headquarters are in ${company.hq.name}, ${company.hq.region}. It employs about ${company.staff.toLocaleString("en-US")} people.`,
      titles.length === 0
        ? ""
        : `Titles include ${listText(titles.map((book) => `${book.title} by ${book.author.name} (${book.year})`))}.`,
      staff.length === 0
        ? ""
        : `Staff include ${listText(staff.map((person) => `the ${person.profession} ${person.name}`))}.`,
    ];
    pages.push({
      url: researchUrl.company(company),
      title: company.name,
      category: "company",
      text: lines.filter((line) => line !== "").join("\n\n"),
      tags: ["research"],
    });
  }

  for (const book of world.books) {
    const kind = bookKind(book);
    pages.push({
      url: researchUrl.book(book),
      title: `${book.title} (${kind})`,
      category: "book",
      text: `${book.title} is a ${kind} by the ${book.author.profession} ${book.author.name}, published by ${book.publisher.name} in ${book.year}.\n\nReaders' rating: ${(3 + ((book.year * 7) % 20) / 10).toFixed(1)} out of 5.`,
      tags: ["research"],
    });
  }

  const editionsOf = groupBy(world.editions, (edition) => edition.festival);
  for (const edition of world.editions) {
    const previous = editionsOf.get(edition.festival)?.find((other) => other.year === edition.year - 1);
    const lines = [
      `The ${edition.year} ${edition.festival} was held in ${edition.town.name}, ${edition.town.region}, in ${edition.month} ${edition.year}.`,
      `The jury prize went to the ${edition.juryPrize.profession} ${edition.juryPrize.name}; the audience award went to the ${edition.audienceAward.profession} ${edition.audienceAward.name}.`,
      previous === undefined
        ? ""
        : `At the ${previous.year} edition the jury prize had gone to ${previous.juryPrize.name}.`,
    ];
    pages.push({
      url: researchUrl.edition(edition),
      title: `${edition.festival} ${edition.year}`,
      category: "festival",
      published: `${edition.year}-${String(festivalMonths.indexOf(edition.month) + 4).padStart(2, "0")}-28`,
      text: lines.filter((line) => line !== "").join("\n\n"),
      tags: ["research"],
    });
  }
  return pages;
}
