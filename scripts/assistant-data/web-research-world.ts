/**
 * The made-up world behind the research pages of the offline web (`assistant:research`): towns
 * (some sharing a name with a town in another region), people (some sharing a full name with
 * someone of another profession), companies, books and festivals with yearly editions. Every page
 * and every question is derived from this one graph, so the facts agree across pages. Seeded on
 * its own (not the corpus generator's shared random), so it never shifts other modules' pages.
 */
import { SeededRandom } from "./random.js";
import { slug } from "./web-page.js";

/** The seed of the research world. */
export const researchSeed = 20261202;

// biome-ignore format: word lists
const firstNames = ["Ada", "Bram", "Cora", "Dario", "Edda", "Femi", "Greta", "Hollis", "Ines", "Jonas", "Kaia", "Lorcan", "Maren", "Nilo", "Odile", "Pavel", "Quilla", "Rafe", "Saskia", "Teodor", "Una", "Viggo", "Wren", "Xavi", "Yara", "Zoltan", "Alba", "Bastian", "Celeste", "Dov", "Elin", "Fabian", "Giulia", "Hugo", "Ilse", "Joaquin", "Kirsi", "Leander", "Mina", "Nils", "Orla", "Piet", "Rosalind", "Soren", "Tamsin", "Ugo", "Vesna", "Willem", "Ximena", "Yusuf"];
// biome-ignore format: word lists
const surnames = ["Aldous", "Brannock", "Castell", "Devereux", "Ekwall", "Falkner", "Gorski", "Halloran", "Iversen", "Jastrow", "Kettering", "Lindqvist", "Marchetti", "Norrell", "Okonkwo", "Pellham", "Quist", "Renwick", "Sandoval", "Thorne", "Ulbrich", "Vasquez", "Whitlow", "Yarrow", "Zeller", "Ambrose", "Brightwater", "Corrigan", "Dunmore", "Elsworth", "Fairweather", "Grantham", "Hawksley", "Ingram", "Jessop", "Kovacs", "Loxley", "Moravec", "Nakamura", "Ostrander", "Pryor", "Radcliffe", "Selwyn", "Tremaine", "Underhill", "Vance", "Wolcott", "Ashdown", "Blackwood", "Cavendish"];
// biome-ignore format: word lists
const townStarts = ["Ash", "Bram", "Cald", "Dun", "Elm", "Fen", "Gor", "Hal", "Ives", "Kes", "Lind", "Mar", "Nor", "Oak", "Pen", "Quen", "Ros", "Sel", "Thorn", "Ul", "Ver", "Wex", "Yar", "Zell"];
// biome-ignore format: word lists
const townEnds = ["bury", "ford", "wick", "mere", "haven", "stead", "holm", "by", "combe", "field", "moor", "brook"];
// biome-ignore format: word lists
const regions = ["Lune Valley", "Harrow County", "the Marl Coast", "Upper Fenn", "the Tarrow Hills", "Kestrel Bay", "the Ollen Plain", "North Verrin"];
// biome-ignore format: word lists
const riverNames = ["Ouzel", "Tamsa", "Wendle", "Brisk", "Corran", "Lyle", "Afon Du", "Selk", "Marrow", "Idle", "Perrin", "Skerry", "Velt", "Ashen", "Gowan", "Rill", "Tolly", "Kennet Vale", "Wyre", "Ember", "Loddon Brook", "Harl", "Ness", "Quarry", "Dorne", "Fallow", "Greave", "Hurst", "Orrin", "Yelm"];
// biome-ignore format: word lists
const companyWords = ["Corvid", "Halcyon", "Bramble", "Lantern", "Meridian", "Kestrel", "Juniper", "Copperline", "Northgate", "Saltmarsh", "Quillon", "Bellweather", "Tidewater", "Ironwood", "Foxglove", "Larkspur", "Greystone", "Wayfarer", "Amberly", "Cobalt", "Marigold", "Thistle", "Starling", "Heron", "Millrace", "Lodestar", "Sparrowhawk", "Westerly", "Bluebell", "Driftwood", "Emberly", "Fernhill", "Goldcrest", "Hollowell", "Inkwell", "Kingfisher", "Moonwort", "Nettle", "Pinecrest", "Quayside"];
// biome-ignore format: word lists
const bookAdjectives = ["Salt", "Glass", "Winter", "Copper", "Hollow", "Paper", "Amber", "Quiet", "Iron", "Velvet", "Distant", "Burning", "Patient", "Drowned", "Borrowed", "Northern", "Crooked", "Sleeping", "Painted", "Last"];
// biome-ignore format: word lists
const bookNouns = ["Orchard", "Harbour", "Cartographer", "Lighthouse", "Archive", "Garden", "Ferryman", "Comet", "Meadow", "Violin", "Atlas", "Mill", "Tide", "Orchestra", "Island", "Pilgrim", "Weaver", "Almanac", "Clocktower", "Shepherd"];
// biome-ignore format: word lists
const festivalKinds = ["Folk", "Film", "Jazz", "Poetry", "Puppetry", "Photography", "Chamber Music", "Lantern", "Storytelling", "Design"];

/** What a company of each kind makes (Press companies publish the books). */
export const companyKinds: Record<string, string> = {
  Press: "an independent publisher of fiction, poetry and local history",
  Instruments: "a maker of surveying and weather instruments",
  Foods: "a food company making preserves, oatcakes and smoked fish",
  Robotics: "a robotics firm building warehouse and farm robots",
  Textiles: "a textile mill weaving wool and linen cloth",
  Ferries: "a ferry operator running river and coastal routes",
  Optics: "an optics company grinding lenses for cameras and telescopes",
  Records: "a record label for folk and chamber music",
  Bicycles: "a bicycle maker building steel touring frames",
  Ceramics: "a pottery making tableware and architectural tiles",
};

/** Professions and what their work is called. */
export const professions: Record<string, string> = {
  architect: "buildings and public squares",
  novelist: "novels",
  composer: "song cycles and film scores",
  engineer: "bridges and flood barriers",
  painter: "landscapes and portraits",
  botanist: "studies of upland plants",
  photographer: "photo essays",
  chef: "restaurant menus and cookbooks",
  historian: "histories of the region",
  cellist: "recordings of chamber music",
  poet: "poetry collections",
  cartographer: "maps of the coast and the hills",
};
const authorProfessions = ["novelist", "poet", "historian"];

/** A town. Two towns may share a name; `region` tells them apart. */
export interface Town {
  key: string;
  name: string;
  region: string;
  river: string;
  founded: number;
  population: number;
  population1990: number;
  mayor: string;
  twin?: Town;
  /** A town named like another town (a hard negative of it). */
  namesakeOf?: Town;
}

/** A person. Two people may share a name; `profession` tells them apart. */
export interface Person {
  key: string;
  name: string;
  profession: string;
  born: number;
  birthTown: Town;
  employer?: Company;
  namesakeOf?: Person;
}

/** A company. */
export interface Company {
  key: string;
  name: string;
  kind: string;
  founded: number;
  founder: Person;
  hq: Town;
  staff: number;
}

/** A book. */
export interface Book {
  key: string;
  title: string;
  author: Person;
  publisher: Company;
  year: number;
}

/** One yearly edition of a festival. */
export interface FestivalEdition {
  key: string;
  festival: string;
  town: Town;
  year: number;
  month: string;
  juryPrize: Person;
  audienceAward: Person;
}

/** The whole world. */
export interface ResearchWorld {
  towns: Town[];
  people: Person[];
  companies: Company[];
  books: Book[];
  editions: FestivalEdition[];
}

/** Page counts per kind: the corpus grows by their sum. */
const sizes = {
  towns: 150,
  townNamesakes: 50,
  people: 430,
  personNamesakes: 130,
  companies: 150,
  books: 160,
};
const festivalCount = 30;
const editionYears = [2022, 2023, 2024, 2025];
/** The months festivals are held in. */
// biome-ignore format: word lists
export const festivalMonths = ["April", "May", "June", "July", "August", "September", "October"];

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function buildTowns(random: SeededRandom, mayors: () => string): Town[] {
  const names = random.sample(
    townStarts.flatMap((start) => townEnds.map((end) => `${start}${end}`)),
    sizes.towns,
  );
  const make = (name: string, region: string, namesakeOf?: Town): Town => {
    const population = roundTo(random.int(1800, 160000), 100);
    return {
      key: `${slug(name)}-${slug(region.replace(/^the /, ""))}`,
      name,
      region,
      river: `River ${random.pick(riverNames)}`,
      founded: random.int(1080, 1890),
      population,
      population1990: roundTo(population * (0.7 + random.next() * 0.6), 100),
      mayor: mayors(),
      ...(namesakeOf === undefined ? {} : { namesakeOf }),
    };
  };
  const towns = names.map((name) => make(name, random.pick(regions)));
  for (const original of random.sample(towns, sizes.townNamesakes)) {
    const region = random.pick(regions.filter((item) => item !== original.region));
    towns.push(make(original.name, region, original));
  }
  // Twin towns in pairs, never a town with its namesake.
  const order = random.sample(towns, towns.length);
  for (let index = 0; index + 1 < order.length; index += 2) {
    const a = order[index] as Town;
    const b = order[index + 1] as Town;
    if (a.name === b.name) continue;
    a.twin = b;
    b.twin = a;
  }
  return towns;
}

/** Builds the world (deterministic). */
export function buildResearchWorld(): ResearchWorld {
  const random = new SeededRandom(researchSeed);
  const fullNames = random.sample(
    firstNames.flatMap((first) => surnames.map((last) => `${first} ${last}`)),
    sizes.people + 220,
  );
  let nextName = 0;
  const takeName = () => fullNames[nextName++] as string;
  const towns = buildTowns(random, takeName);
  const professionNames = Object.keys(professions);
  const people: Person[] = [];
  for (let index = 0; index < sizes.people; index++) {
    const name = takeName();
    // Enough authors for the books.
    const profession =
      index < 120 ? (authorProfessions[index % 3] as string) : (random.pick(professionNames) as string);
    people.push({
      key: slug(`${name} ${profession}`),
      name,
      profession,
      born: random.int(1931, 1994),
      birthTown: random.pick(towns),
    });
  }
  for (const original of random.sample(people, sizes.personNamesakes)) {
    const profession = random.pick(professionNames.filter((item) => item !== original.profession));
    people.push({
      key: slug(`${original.name} ${profession}`),
      name: original.name,
      profession,
      born: random.int(1931, 1994),
      birthTown: random.pick(towns.filter((town) => town !== original.birthTown)),
      namesakeOf: original,
    });
  }
  const kinds = Object.keys(companyKinds);
  const companyNames = random.sample(
    companyWords.flatMap((word) => kinds.map((kind) => [word, kind] as const)),
    sizes.companies * 3,
  );
  const companies: Company[] = [];
  const presses = companyNames.filter(([, kind]) => kind === "Press").slice(0, 30);
  const others = companyNames
    .filter(([, kind]) => kind !== "Press")
    .slice(0, sizes.companies - presses.length);
  const founders = random.sample(people, sizes.companies);
  [...presses, ...others].forEach(([word, kind], index) => {
    companies.push({
      key: slug(`${word} ${kind}`),
      name: `${word} ${kind}`,
      kind,
      founded: random.int(1890, 2016),
      founder: founders[index] as Person,
      hq: random.pick(towns),
      staff: random.int(12, 2400),
    });
  });
  for (const person of random.sample(people, 260))
    person.employer = random.pick(companies.filter((company) => company.founder !== person));
  const authors = people.filter((person) => authorProfessions.includes(person.profession));
  const publishers = companies.filter((company) => company.kind === "Press");
  const titles = random.sample(
    bookAdjectives.flatMap((adjective) => bookNouns.map((noun) => `The ${adjective} ${noun}`)),
    sizes.books,
  );
  const books: Book[] = titles.map((title) => ({
    key: slug(title),
    title,
    author: random.pick(authors),
    publisher: random.pick(publishers),
    year: random.int(1968, 2024),
  }));
  const festivalTowns = random.sample(
    towns.filter((town) => town.namesakeOf === undefined),
    festivalCount,
  );
  const editions: FestivalEdition[] = [];
  festivalTowns.forEach((town, index) => {
    const festival = `${town.name} ${festivalKinds[index % festivalKinds.length]} Festival`;
    const month = random.pick(festivalMonths);
    for (const year of editionYears) {
      const [juryPrize, audienceAward] = random.sample(people, 2) as [Person, Person];
      editions.push({
        key: `${slug(festival)}-${year}`,
        festival,
        town,
        year,
        month,
        juryPrize,
        audienceAward,
      });
    }
  });
  return { towns, people, companies, books, editions };
}

/** "Ashford (Lune Valley)": how pages name a town. */
export function townLabel(town: Town): string {
  return `${town.name} (${town.region.replace(/^the /, "")})`;
}
