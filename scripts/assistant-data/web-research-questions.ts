/**
 * The questions of `assistant:research`: twelve templates of two to four hops over the research
 * world (web-research-world.ts), six questions each. A question names one start page's subject
 * (a company, a book, a festival edition) and asks for a fact that is only on the last page of a
 * chain of pages; each hop's page is found by searching for a name the page before it gives. The
 * chain is recorded as the gold trajectory (the search query and the page it should find, hop by
 * hop), with the hard negatives: namesakes of the chain's towns and people, the other editions of
 * its festival, companies sharing its company's first word. Among the candidate start pages of a
 * template, those a search for the question's own words cannot shortcut (their last page is not
 * among its top five results, through a back-link such as a founder's page naming the company)
 * come first, then those whose chain has the most hard negatives.
 */
import { SeededRandom } from "./random.js";
import { bookKind, researchUrl } from "./web-research-pages.js";
import {
  type Book,
  type Company,
  type FestivalEdition,
  type Person,
  type ResearchWorld,
  researchSeed,
  type Town,
  townLabel,
} from "./web-research-world.js";

/** One hop of a gold trajectory: what to search for, and the page to read. */
export interface ResearchHop {
  query: string;
  url: string;
}

/** One question of the suite (a line of data/suites/research/questions.jsonl). */
export interface ResearchQuestion {
  id: string;
  hops: number;
  template: string;
  question: string;
  answer: string;
  aliases: string[];
  /** The evidence pages, in chain order (the URLs of `chain`). */
  evidence: string[];
  chain: ResearchHop[];
  /** Pages that look relevant and are not (namesakes, other editions, similar companies). */
  negatives: string[];
}

interface Draft {
  start: string;
  question: string;
  answer: string;
  aliases: string[];
  chain: ResearchHop[];
  negatives: string[];
}

type Template = { name: string; hops: number; drafts: (world: ResearchWorld) => Draft[] };

/** Questions per template. */
const perTemplate = 6;

function worldHops(world: ResearchWorld) {
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

type Step = { hop: ResearchHop; negatives: string[] };

function draft(
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

const riverAliases = (town: Town) => {
  const bare = town.river.replace(/^River /, "");
  return [bare, `${bare} River`, `the ${town.river}`];
};
const populationText = (town: Town) => town.population.toLocaleString("en-US");
const townAliases = (town: Town) => [townLabel(town), `${town.name}, ${town.region}`];

function templates(world: ResearchWorld): Template[] {
  const at = worldHops(world);
  const withTwin = (town: Town): Town[] => (town.twin === undefined ? [] : [town.twin]);
  return [
    {
      name: "founder-born",
      hops: 2,
      drafts: () =>
        world.companies.map((company) =>
          draft(
            company.key,
            `In what year was the founder of ${company.name} born?`,
            company.founder.born,
            [],
            [at.company(company), at.person(company.founder)],
          ),
        ),
    },
    {
      name: "headquarters-river",
      hops: 2,
      drafts: () =>
        world.companies.map((company) =>
          draft(
            company.key,
            `Which river flows through the town where ${company.name} has its headquarters?`,
            company.hq.river,
            riverAliases(company.hq),
            [at.company(company), at.town(company.hq)],
          ),
        ),
    },
    {
      name: "publisher-founded",
      hops: 2,
      drafts: () =>
        world.books.map((book) =>
          draft(
            book.key,
            `In what year was the publisher of the ${bookKind(book)} ${book.title} founded?`,
            book.publisher.founded,
            [],
            [at.book(book), at.company(book.publisher)],
          ),
        ),
    },
    {
      name: "jury-birthplace",
      hops: 2,
      drafts: () =>
        world.editions.map((edition) =>
          draft(
            edition.key,
            `In which town was the winner of the jury prize at the ${edition.year} ${edition.festival} born?`,
            edition.juryPrize.birthTown.name,
            townAliases(edition.juryPrize.birthTown),
            [at.edition(edition), at.person(edition.juryPrize)],
          ),
        ),
    },
    {
      name: "founder-town-population",
      hops: 3,
      drafts: () =>
        world.companies.map((company) =>
          draft(
            company.key,
            `What is the 2024 population estimate of the town where the founder of ${company.name} was born?`,
            populationText(company.founder.birthTown),
            [],
            [at.company(company), at.person(company.founder), at.town(company.founder.birthTown)],
          ),
        ),
    },
    {
      name: "author-town-river",
      hops: 3,
      drafts: () =>
        world.books.map((book) =>
          draft(
            book.key,
            `Which river flows through the birthplace of the author of the ${bookKind(book)} ${book.title}?`,
            book.author.birthTown.river,
            riverAliases(book.author.birthTown),
            [at.book(book), at.person(book.author), at.town(book.author.birthTown)],
          ),
        ),
    },
    {
      name: "jury-town-founded",
      hops: 3,
      drafts: () =>
        world.editions.map((edition) =>
          draft(
            edition.key,
            `In what year was the birthplace of the winner of the jury prize at the ${edition.year} ${edition.festival} founded?`,
            edition.juryPrize.birthTown.founded,
            [],
            [at.edition(edition), at.person(edition.juryPrize), at.town(edition.juryPrize.birthTown)],
          ),
        ),
    },
    {
      name: "headquarters-twin-river",
      hops: 3,
      drafts: () =>
        world.companies.flatMap((company) =>
          withTwin(company.hq).map((twin) =>
            draft(
              company.key,
              `Which river flows through the twin town of the town where ${company.name} has its headquarters?`,
              twin.river,
              riverAliases(twin),
              [at.company(company), at.town(company.hq), at.town(twin)],
            ),
          ),
        ),
    },
    {
      name: "jury-employer-river",
      hops: 4,
      drafts: () =>
        world.editions.flatMap((edition) => {
          const employer = edition.juryPrize.employer;
          return employer === undefined
            ? []
            : [
                draft(
                  edition.key,
                  `The winner of the jury prize at the ${edition.year} ${edition.festival} works for a company. Which river flows through the town where that company has its headquarters?`,
                  employer.hq.river,
                  riverAliases(employer.hq),
                  [
                    at.edition(edition),
                    at.person(edition.juryPrize),
                    at.company(employer),
                    at.town(employer.hq),
                  ],
                ),
              ];
        }),
    },
    {
      name: "author-twin-population",
      hops: 4,
      drafts: () =>
        world.books.flatMap((book) =>
          withTwin(book.author.birthTown).map((twin) =>
            draft(
              book.key,
              `What is the 2024 population estimate of the twin town of the birthplace of the author of the ${bookKind(book)} ${book.title}?`,
              populationText(twin),
              [],
              [at.book(book), at.person(book.author), at.town(book.author.birthTown), at.town(twin)],
            ),
          ),
        ),
    },
    {
      name: "founder-twin-mayor",
      hops: 4,
      drafts: () =>
        world.companies.flatMap((company) =>
          withTwin(company.founder.birthTown).map((twin) =>
            draft(
              company.key,
              `Who is the mayor of the twin town of the town where the founder of ${company.name} was born?`,
              twin.mayor,
              [],
              [
                at.company(company),
                at.person(company.founder),
                at.town(company.founder.birthTown),
                at.town(twin),
              ],
            ),
          ),
        ),
    },
    {
      name: "publisher-founder-town-founded",
      hops: 4,
      drafts: () =>
        world.books.map((book) =>
          draft(
            book.key,
            `In what year was the birthplace of the founder of the publisher of the ${bookKind(book)} ${book.title} founded?`,
            book.publisher.founder.birthTown.founded,
            [],
            [
              at.book(book),
              at.company(book.publisher),
              at.person(book.publisher.founder),
              at.town(book.publisher.founder.birthTown),
            ],
          ),
        ),
    },
  ];
}

/**
 * The questions, deterministic: per template, candidates in a seeded order, those `shortcut`
 * does not flag first, then those with the most hard negatives, skipping start pages another question already uses and chains that visit a
 * page twice (a town twinned back, say).
 */
export function researchQuestions(
  world: ResearchWorld,
  shortcut: (question: string, lastPage: string) => boolean = () => false,
): ResearchQuestion[] {
  const random = new SeededRandom(researchSeed + 1);
  const usedStarts = new Set<string>();
  const questions: ResearchQuestion[] = [];
  const counters = new Map<number, number>();
  for (const template of templates(world)) {
    const candidates = random
      .sample(template.drafts(world), Number.MAX_SAFE_INTEGER)
      .map((item, order) => ({ item, order }))
      .map(({ item, order }) => ({
        item,
        order,
        shortcut: shortcut(item.question, item.chain.at(-1)?.url ?? "") ? 1 : 0,
      }))
      .sort(
        (a, b) =>
          a.shortcut - b.shortcut || b.item.negatives.length - a.item.negatives.length || a.order - b.order,
      )
      .map(({ item }) => item)
      .filter((item) => new Set(item.chain.map((hop) => hop.url)).size === item.chain.length);
    let taken = 0;
    for (const candidate of candidates) {
      if (taken === perTemplate) break;
      if (usedStarts.has(candidate.start)) continue;
      usedStarts.add(candidate.start);
      taken += 1;
      const number = (counters.get(template.hops) ?? 0) + 1;
      counters.set(template.hops, number);
      questions.push({
        id: `research-${template.hops}hop-${String(number).padStart(2, "0")}`,
        hops: template.hops,
        template: template.name,
        question: candidate.question,
        answer: candidate.answer,
        aliases: candidate.aliases,
        evidence: candidate.chain.map((hop) => hop.url),
        chain: candidate.chain,
        negatives: candidate.negatives,
      });
    }
    if (taken < perTemplate) throw new Error(`template ${template.name}: only ${taken} questions`);
  }
  // Hop counts interleaved, so that the first few questions (`--limit 3`) hold each of them.
  const byHops = [2, 3, 4].map((hops) => questions.filter((question) => question.hops === hops));
  return Array.from({ length: Math.max(...byHops.map((list) => list.length)) }, (_, index) =>
    byHops.flatMap((list) => (list[index] === undefined ? [] : [list[index] as ResearchQuestion])),
  ).flat();
}
