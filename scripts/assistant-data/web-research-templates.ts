/**
 * The twelve question templates of `assistant:research` (two to four hops over the research
 * world): per start page, a candidate question, its answer and aliases, its chain of pages and its
 * hard negatives. web-research-questions.ts picks among the candidates.
 */
import { type Draft, draft, worldHops } from "./web-research-hops.js";
import { bookKind } from "./web-research-pages.js";
import { type ResearchWorld, type Town, townLabel } from "./web-research-world.js";

/** A question template: its name, its hop count and its candidates over a world. */
export type Template = { name: string; hops: number; drafts: (world: ResearchWorld) => Draft[] };

const riverAliases = (town: Town) => {
  const bare = town.river.replace(/^River /, "");
  return [bare, `${bare} River`, `the ${town.river}`];
};
const populationText = (town: Town) => town.population.toLocaleString("en-US");
const townAliases = (town: Town) => [townLabel(town), `${town.name}, ${town.region}`];

/** The twelve templates over a research world. */
export function templates(world: ResearchWorld): Template[] {
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
