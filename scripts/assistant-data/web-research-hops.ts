/**
 * The chains of `assistant:research` questions: each kind of research-world page as a hop (the
 * search that finds it, the namesakes and look-alikes that are its hard negatives), and a
 * candidate question drafted from its steps.
 */
import { bookKind, researchUrl } from "./web-research-pages.js";
import type { Book, Company, FestivalEdition, Person, ResearchWorld, Town } from "./web-research-world.js";

/** One hop of a gold trajectory: what to search for, and the page to read. */
export interface ResearchHop {
  query: string;
  url: string;
}

/** A candidate question from a template: its start page, the chain and the hard negatives. */
export interface Draft {
  start: string;
  question: string;
  answer: string;
  aliases: string[];
  chain: ResearchHop[];
  negatives: string[];
}

/** Each kind of page as a hop of a chain: the search that finds it and its hard negatives. */
export function worldHops(world: ResearchWorld) {
  const region = (town: Town) => town.region.replace(/^the /, "");
  const townNegatives = (town: Town) =>
    world.towns.filter((other) => other !== town && other.name === town.name).map(researchUrl.town);
  const personNegatives = (person: Person) =>
    world.people.filter((other) => other !== person && other.name === person.name).map(researchUrl.person);
  const firstWord = (company: Company) => company.name.split(" ")[0];
  const companyNegatives = (company: Company) =>
    world.companies
      .filter((other) => other !== company && firstWord(other) === firstWord(company))
      .map(researchUrl.company);
  const editionNegatives = (edition: FestivalEdition) =>
    world.editions
      .filter((other) => other !== edition && other.festival === edition.festival)
      .map(researchUrl.edition);
  return {
    town: (town: Town) => ({
      hop: { query: `${town.name} ${region(town)}`, url: researchUrl.town(town) },
      negatives: townNegatives(town),
    }),
    person: (person: Person) => ({
      hop: { query: `${person.name} ${person.profession}`, url: researchUrl.person(person) },
      negatives: personNegatives(person),
    }),
    company: (company: Company) => ({
      hop: { query: company.name, url: researchUrl.company(company) },
      negatives: companyNegatives(company),
    }),
    book: (book: Book) => ({
      hop: { query: `${book.title} ${bookKind(book)}`, url: researchUrl.book(book) },
      negatives: [] as string[],
    }),
    edition: (edition: FestivalEdition) => ({
      hop: { query: `${edition.festival} ${edition.year}`, url: researchUrl.edition(edition) },
      negatives: editionNegatives(edition),
    }),
  };
}

/** A hop with the hard negatives of its page. */
export type Step = { hop: ResearchHop; negatives: string[] };

/** A candidate question from its start page, wording, answer, aliases and steps. */
export function draft(
  start: string,
  question: string,
  answer: string | number,
  aliases: string[],
  steps: Step[],
): Draft {
  return {
    start,
    question,
    answer: typeof answer === "number" ? String(answer) : answer,
    aliases,
    chain: steps.map((step) => step.hop),
    negatives: [...new Set(steps.flatMap((step) => step.negatives))],
  };
}
